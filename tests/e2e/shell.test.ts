import { describe, expect, it } from "vitest";

import { saveScreenshot, waitForHydration } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

const session = browserSession();

async function signInThroughTheUi(email: string, password: string) {
  await session.page.goto("/");
  await session.page.getByRole("link", { name: "Sign In to Continue" }).click();
  await session.page.getByLabel("Email").fill(email);
  await session.page.getByLabel("Password").fill(password);
  await session.page.getByRole("button", { name: "Sign in" }).click();
  await session.page.getByTestId("sidebar").waitFor();
}

/** For tests of the signed-in shell rather than of signing in: the fixture's session cookie, then home. */
async function openHomeSignedInAs(account: { email: string }, layout: "sidebar" | "student-header" = "sidebar") {
  await session.signIn(account);
  await session.page.goto("/");
  await session.page.getByTestId(layout).waitFor();
}

const ADMIN_TEST_MANAGEMENT = [
  ["Home", "/"],
  ["Manage Tests", "/admin/tests"],
  ["Test Sessions", "/admin/sessions"],
  ["Create New Test", "/admin/tests/create"],
  ["AI Test Generator", "/admin/tests/generate"],
  ["Import Test", "/admin/tests/import"],
  ["Class Management", "/admin/cohorts"],
  ["Students", "/admin/students"],
  ["Cohort Analytics", "/admin/analytics"],
];
const ADMIN_CURRICULUM_MANAGEMENT = [
  ["Question Bank", "/admin/question-bank"],
  ["Competencies", "/admin/competencies"],
  ["Curriculums", "/admin/curriculums"],
  ["Prerequisites", "/admin/prerequisites"],
];

describe("signed out", () => {
  it("shows the landing page with the product's texts on any path, without a sidebar", async () => {
    for (const path of ["/", "/admin/tests"]) {
      await session.page.goto(path);
      await expect(session.page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Adaptive Testing Engine");
      const body = await session.page.locator("body").innerText();
      expect(body).toContain("An intelligent assessment platform with AI-powered grading and personalized learning pathways.");
      for (const feature of ["Adaptive Logic", "AI Grading", "Rich Analytics", "Personalized Learning"]) {
        expect(body).toContain(feature);
      }
      expect(body).toContain("Powered by AI • Built for Education • Designed for Success");
      expect(await session.page.getByTestId("sidebar").count()).toBe(0);
    }
    await session.page.getByRole("link", { name: "Sign In to Continue" }).click();
    await session.page.waitForURL("**/login");
  });

  it("shows a wrong password as a generic error on the sign-in form", async () => {
    await session.page.goto("/login");
    await session.page.getByLabel("Email").fill(demoAccounts.admin.email);
    await session.page.getByLabel("Password").fill("not-it");
    await session.page.getByRole("button", { name: "Sign in" }).click();
    await expect(session.page.getByRole("alert").textContent()).resolves.toBe("Invalid email or password.");
  });

  it("shows a server toast once, in the destructive style, and hides it after 5 seconds", async () => {
    // The page's clock stands still and moves only when told: the 5 s are the page's, not the machine's.
    await session.page.clock.install();
    await session.page.clock.pauseAt(Date.now() + 60_000);
    // Without OIDC configured, a stray callback redirects home with an error toast.
    await session.page.goto("/api/auth/callback");
    await waitForHydration(session.page);
    const toast = session.page.getByTestId("toast");
    await toast.waitFor();
    expect(await toast.getAttribute("data-variant")).toBe("destructive");
    expect(await toast.innerText()).toContain("Sign-in failed");
    await session.page.clock.runFor(4_900);
    expect(await toast.count()).toBe(1);
    await session.page.clock.runFor(200);
    await toast.waitFor({ state: "detached" });
    await session.page.reload();
    expect(await session.page.getByTestId("toast").count()).toBe(0);
  });
});

describe("signed in as the demo admin", () => {
  it("shows the admin shell with both sidebar groups and every item, each leading to its screen", async () => {
    // The admin's whole sign-in journey: landing page, sign-in form, shell.
    await signInThroughTheUi(demoAccounts.admin.email, demoAccounts.admin.password);
    const sidebar = session.page.getByTestId("sidebar");
    expect(await sidebar.getByRole("group", { name: "Test Management" }).getByRole("link").allInnerTexts()).toEqual(
      ADMIN_TEST_MANAGEMENT.map(([label]) => label),
    );
    expect(await sidebar.getByRole("group", { name: "Curriculum Management" }).getByRole("link").allInnerTexts()).toEqual(
      ADMIN_CURRICULUM_MANAGEMENT.map(([label]) => label),
    );
    expect(await sidebar.getByText("Adaptive Testing", { exact: true }).isVisible()).toBe(true);
    expect(await session.page.getByTestId("user-display-name").innerText()).toBe("Demo Admin");
    expect(await session.page.getByTestId("avatar-initials").innerText()).toBe("DA");
    expect(await session.page.getByTestId("role-badge").innerText()).toBe("Admin");
    expect(await sidebar.getByText("Adaptive Testing Engine").isVisible()).toBe(true);
    expect(await session.page.getByTestId("stat-card").count()).toBe(3);
    const shot = await saveScreenshot(session.page, "admin-home");
    expect(shot).toMatch(/admin-home\.png$/);

    for (const [label, path] of [...ADMIN_TEST_MANAGEMENT, ...ADMIN_CURRICULUM_MANAGEMENT]) {
      await sidebar.getByRole("link", { name: label, exact: true }).click();
      await session.page.waitForURL((url) => url.pathname === path);
      await expect.poll(() => sidebar.getByRole("link", { name: label, exact: true }).getAttribute("aria-current"), { message: label }).toBe("page");
    }
  });

  it("collapses the sidebar with Ctrl+B and keeps it collapsed across a reload (sidebar_state cookie)", async () => {
    await openHomeSignedInAs(demoAccounts.admin);
    const sidebar = session.page.getByTestId("sidebar");
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    const column = session.page.getByTestId("sidebar-column");
    expect((await column.boundingBox())?.width).toBe(256); // 16rem

    await session.page.keyboard.press("Control+b");
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("collapsed");
    const cookie = (await session.context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(604800 - 60);

    // The server renders the collapsed state, so there is no flash of the open sidebar.
    const html = await (await session.context.request.get("/admin/tests")).text();
    expect(html).toContain('data-state="collapsed"');
    await session.page.reload();
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    await expect.poll(async () => (await column.boundingBox())?.width).toBe(48); // 3rem
    await saveScreenshot(session.page, "admin-sidebar-collapsed");

    await session.page.keyboard.press("Control+b");
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("expanded");
  });

  it("shows 'Page Not Found' for an unknown path", async () => {
    await openHomeSignedInAs(demoAccounts.admin);
    const response = await session.page.goto("/admin/no-such-screen");
    expect(response?.status()).toBe(404);
    expect(await session.page.getByRole("heading", { name: "Page Not Found" }).isVisible()).toBe(true);
    expect(await session.page.getByTestId("sidebar").isVisible()).toBe(true);
    // Each not-found page's title says what it is (WCAG 2.4.2), not just the product's name.
    expect(await session.page.title()).toBe("Page Not Found · Adaptive Testing Engine");
    for (const [path, title] of [
      ["/no-such-path", "Page Not Found"],
      ["/admin/cohorts/no-such-class", "Class Not Found"],
      ["/admin/students/no-such-student", "Student Not Found"],
      ["/results/no-such-session", "Session Not Found"],
    ]) {
      await session.page.goto(path!);
      expect(await session.page.title(), path).toBe(`${title} · Adaptive Testing Engine`);
    }
  });

  it("opens the sidebar as an overlay sheet below 768 px, closed by Escape", async () => {
    await openHomeSignedInAs(demoAccounts.admin);
    await session.page.setViewportSize({ width: 390, height: 800 });
    expect(await session.page.getByTestId("sidebar").isVisible()).toBe(false);
    await session.page.getByRole("button", { name: "Toggle sidebar" }).click();
    const sheet = session.page.getByRole("dialog", { name: "Navigation" });
    await sheet.waitFor();
    expect((await sheet.boundingBox())?.width).toBe(288);
    await saveScreenshot(session.page, "admin-mobile-sheet");
    await session.page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    await session.page.keyboard.press("Control+b");
    await sheet.waitFor();
    await sheet.getByRole("link", { name: "Question Bank" }).click();
    await session.page.waitForURL("**/admin/question-bank");
    await sheet.waitFor({ state: "detached" });
  });

  it("signs out and returns to the landing page", async () => {
    await openHomeSignedInAs(demoAccounts.admin);
    await session.page.getByRole("link", { name: "Sign Out" }).click();
    await session.page.waitForURL((url) => url.pathname === "/");
    await session.page.getByRole("link", { name: "Sign In to Continue" }).waitFor();
    expect((await session.context.request.get("/api/auth/user")).status()).toBe(401);
  });
});

describe("signed in as a student (non-admin)", () => {
  it("sees the light student layout with only the Student Menu's Student Entry, and the join screen on admin paths", async () => {
    await openHomeSignedInAs(demoAccounts.student, "student-header");
    // The admin shell's sidebar and its code stay off the student pages (JavaScript budget).
    expect(await session.page.getByTestId("sidebar").count()).toBe(0);
    expect(await session.page.getByRole("navigation", { name: "Student Menu" }).getByRole("link").allInnerTexts()).toEqual(["Student Entry"]);
    expect(await session.page.getByTestId("role-badge").innerText()).toBe("Student");
    expect(await session.page.getByRole("link", { name: "Sign Out" }).isVisible()).toBe(true);
    await session.page.goto("/admin/tests");
    expect(await session.page.getByRole("heading", { name: "Join Your Class" }).isVisible()).toBe(true);
    expect(await session.page.getByRole("link", { name: "Manage Tests" }).count()).toBe(0);
    await saveScreenshot(session.page, "student-join");
  });
});
