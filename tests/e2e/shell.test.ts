import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { launchBrowser, saveScreenshot, watchForPageErrors } from "../support/browser";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: () => string[];

beforeAll(async () => {
  [worker, browser] = await Promise.all([startWorker({ http: true }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await worker?.dispose();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: worker.origin, viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  pageErrors = watchForPageErrors(page);
});
afterEach(async () => {
  const errors = pageErrors();
  await context.close();
  // A console error or an uncaught exception fails the test (DESIGN.md "Style to follow").
  expect(errors).toEqual([]);
});

async function signInThroughTheUi(email: string, password: string) {
  await page.goto("/");
  await page.getByRole("link", { name: "Sign In to Continue" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("sidebar").waitFor();
}

const ADMIN_TEST_MANAGEMENT = [
  ["Home", "/"],
  ["Manage Tests", "/admin/tests"],
  ["Test Sessions", "/admin/sessions"],
  ["Create New Test", "/admin/tests/create"],
  ["AI Test Generator", "/admin/tests/generate"],
  ["Import Test", "/admin/tests/import"],
  ["Class Management", "/admin/cohorts"],
  ["Cohort Analytics", "/admin/analytics"],
];
const ADMIN_CURRICULUM_MANAGEMENT = [
  ["Question Bank", "/admin/question-bank"],
  ["Competencies", "/admin/competencies"],
  ["Curriculums", "/admin/curriculums"],
  ["Prerequisites", "/admin/prerequisites"],
];

describe("signed out", () => {
  it("shows the landing page with SPEC.md's texts on any path, without a sidebar", async () => {
    for (const path of ["/", "/admin/tests"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Adaptive Testing Engine");
      const body = await page.locator("body").innerText();
      expect(body).toContain("An intelligent assessment platform with AI-powered grading and personalized learning pathways.");
      for (const feature of ["Adaptive Logic", "AI Grading", "Rich Analytics", "Personalized Learning"]) {
        expect(body).toContain(feature);
      }
      expect(body).toContain("Powered by AI • Built for Education • Designed for Success");
      expect(await page.getByTestId("sidebar").count()).toBe(0);
    }
    await page.getByRole("link", { name: "Sign In to Continue" }).click();
    await page.waitForURL("**/login");
  });

  it("shows a wrong password as a generic error on the sign-in form", async () => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(demoAccounts.admin.email);
    await page.getByLabel("Password").fill("not-it");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toBe("Invalid email or password.");
  });

  it("shows a server toast once, in the destructive style, and hides it after 5 seconds", async () => {
    // Without OIDC configured, a stray callback redirects home with an error toast.
    await page.goto("/api/auth/callback");
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    expect(await toast.getAttribute("data-variant")).toBe("destructive");
    expect(await toast.innerText()).toContain("Sign-in failed");
    await page.waitForTimeout(4000);
    expect(await toast.count()).toBe(1);
    await toast.waitFor({ state: "detached", timeout: 3000 });
    await page.reload();
    expect(await page.getByTestId("toast").count()).toBe(0);
  });
});

describe("signed in as the demo admin", () => {
  it("shows the admin shell with both sidebar groups and every item, each leading to its screen", async () => {
    await signInThroughTheUi(demoAccounts.admin.email, demoAccounts.admin.password);
    const sidebar = page.getByTestId("sidebar");
    expect(await sidebar.getByRole("group", { name: "Test Management" }).getByRole("link").allInnerTexts()).toEqual(
      ADMIN_TEST_MANAGEMENT.map(([label]) => label),
    );
    expect(await sidebar.getByRole("group", { name: "Curriculum Management" }).getByRole("link").allInnerTexts()).toEqual(
      ADMIN_CURRICULUM_MANAGEMENT.map(([label]) => label),
    );
    expect(await sidebar.getByText("Adaptive Testing", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByTestId("user-display-name").innerText()).toBe("Demo Admin");
    expect(await page.getByTestId("avatar-initials").innerText()).toBe("DA");
    expect(await page.getByTestId("role-badge").innerText()).toBe("Admin");
    expect(await sidebar.getByText("Adaptive Testing Engine").isVisible()).toBe(true);
    expect(await page.getByTestId("stat-card").count()).toBe(3);
    const shot = await saveScreenshot(page, "admin-home");
    expect(shot).toMatch(/admin-home\.png$/);

    for (const [label, path] of [...ADMIN_TEST_MANAGEMENT, ...ADMIN_CURRICULUM_MANAGEMENT]) {
      await sidebar.getByRole("link", { name: label, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await expect
        .poll(() => sidebar.getByRole("link", { name: label, exact: true }).getAttribute("aria-current"), { message: label })
        .toBe("page");
    }
  });

  it("collapses the sidebar with Ctrl+B and keeps it collapsed across a reload (sidebar_state cookie)", async () => {
    await signInThroughTheUi(demoAccounts.admin.email, demoAccounts.admin.password);
    const sidebar = page.getByTestId("sidebar");
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    const column = page.getByTestId("sidebar-column");
    expect((await column.boundingBox())?.width).toBe(256); // 16rem

    await page.keyboard.press("Control+b");
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("collapsed");
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(604800 - 60);

    // The server renders the collapsed state, so there is no flash of the open sidebar.
    const html = await (await context.request.get("/admin/tests")).text();
    expect(html).toContain('data-state="collapsed"');
    await page.reload();
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    await expect.poll(async () => (await column.boundingBox())?.width).toBe(48); // 3rem
    await saveScreenshot(page, "admin-sidebar-collapsed");

    await page.keyboard.press("Control+b");
    await expect.poll(() => sidebar.getAttribute("data-state")).toBe("expanded");
  });

  it("shows 'Page Not Found' for an unknown path", async () => {
    await signInThroughTheUi(demoAccounts.admin.email, demoAccounts.admin.password);
    const response = await page.goto("/admin/no-such-screen");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { name: "Page Not Found" }).isVisible()).toBe(true);
    expect(await page.getByTestId("sidebar").isVisible()).toBe(true);
  });

  it("opens the sidebar as an overlay sheet below 768 px, closed by Escape", async () => {
    await signInThroughTheUi(demoAccounts.admin.email, demoAccounts.admin.password);
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.getByTestId("sidebar").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    const sheet = page.getByRole("dialog", { name: "Navigation" });
    await sheet.waitFor();
    expect((await sheet.boundingBox())?.width).toBe(288);
    await saveScreenshot(page, "admin-mobile-sheet");
    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    await page.keyboard.press("Control+b");
    await sheet.waitFor();
    await sheet.getByRole("link", { name: "Question Bank" }).click();
    await page.waitForURL("**/admin/question-bank");
    await sheet.waitFor({ state: "detached" });
  });

  it("signs out and returns to the landing page", async () => {
    await signInThroughTheUi(demoAccounts.admin.email, demoAccounts.admin.password);
    await page.getByRole("link", { name: "Sign Out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Sign In to Continue" }).waitFor();
    expect((await context.request.get("/api/auth/user")).status()).toBe(401);
  });
});

describe("signed in as a student (non-admin)", () => {
  it("sees only the Student Menu with Student Entry, and the join screen on admin paths", async () => {
    await signInThroughTheUi(demoAccounts.student.email, demoAccounts.student.password);
    const sidebar = page.getByTestId("sidebar");
    expect(await sidebar.getByRole("group").count()).toBe(1);
    expect(await sidebar.getByRole("group", { name: "Student Menu" }).getByRole("link").allInnerTexts()).toEqual([
      "Student Entry",
    ]);
    expect(await page.getByTestId("role-badge").innerText()).toBe("Student");
    await page.goto("/admin/tests");
    expect(await page.getByRole("heading", { name: "Join Your Class" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Manage Tests" }).count()).toBe(0);
    await saveScreenshot(page, "student-join");
  });
});
