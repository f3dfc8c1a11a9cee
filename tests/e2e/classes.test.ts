import { describe, expect, it } from "vitest";

import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/** A teacher sets up a class, shares its join code by QR code, then removes it. */
const session = browserSession({ signInAs: demoAccounts.admin });

const toast = (text: string) => session.page.getByTestId("toast").filter({ hasText: text }).waitFor();

describe("Class Management", () => {
  it("creates a class with a generated code, edits it, shows and copies its QR code, and deletes it", async () => {
    const { page } = session;
    await session.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: session.worker.origin });
    // The page's own clock, so the copy confirmation's 2 s can be counted on it (below).
    await page.clock.install();
    await page.goto("/admin/cohorts");
    await page.getByRole("heading", { name: "Class Management" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to Tests" }).getAttribute("href")).toBe("/admin/tests");
    const demo = page.getByTestId("cohort-card").filter({ hasText: "Demo Class" });
    expect(await demo.getByRole("link", { name: "Demo Class", exact: true }).getAttribute("href")).toMatch(
      /^\/admin\/analytics\?cohortId=[^&]+&testConfigId=.+$/,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Create: the name is required; the test mode appears only once a test is chosen.
    await page.getByRole("button", { name: "New Class" }).click();
    const create = page.getByRole("dialog", { name: "New Class" });
    await create.getByText("Leave blank to generate one").waitFor();
    await create.getByRole("button", { name: "Create Class" }).click();
    // Beside the field (the toast, inside the open dialog too, says it as well).
    await create.locator("#cohortName-error").getByText("Please enter a cohort name.").waitFor();
    await toast("Name required");
    await create.getByLabel("Class name").fill("Period 4 Science");
    expect(await create.getByLabel("Test mode").count()).toBe(0);
    await create.getByLabel("Default test").selectOption({ index: 1 });
    await create.getByLabel("Test mode").selectOption("diagnostic");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await create.getByRole("button", { name: "Create Class" }).click();
    await toast("Cohort created");
    const card = page.getByTestId("cohort-card").filter({ hasText: "Period 4 Science" });
    const code = await card.getByTestId("cohort-join-code").innerText();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    await card.getByText("Diagnostic").waitFor();
    expect(await card.getByRole("link", { name: "Period 4 Science", exact: true }).getAttribute("href")).toContain("&testConfigId=");

    // Edit: a blank code keeps the old one; "No default test" clears the test.
    await card.getByRole("button", { name: "Edit Period 4 Science" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Class" });
    await edit.getByText(`Leave blank to keep ${code}`).waitFor();
    await edit.getByLabel("Class name").fill("Period 4 Biology");
    await edit.getByLabel("Default test").selectOption({ label: "No default test" });
    expect(await edit.getByLabel("Test mode").count()).toBe(0);
    await edit.getByRole("button", { name: "Save Class" }).click();
    await toast("Cohort updated");
    const edited = page.getByTestId("cohort-card").filter({ hasText: "Period 4 Biology" });
    await edited.getByText("No default test").waitFor();
    expect(await edited.getByTestId("cohort-join-code").innerText()).toBe(code);
    expect(await edited.getByRole("link", { name: "Period 4 Biology", exact: true }).getAttribute("href")).not.toContain("testConfigId");
    await saveScreenshot(page, "classes-list");

    // The QR dialog: a server-drawn SVG, the join link on this origin, and a copy button.
    await edited.getByRole("button", { name: "QR code for Period 4 Biology" }).click();
    const qr = page.getByRole("dialog", { name: "Join QR Code" });
    const image = qr.getByRole("img", { name: "QR code for joining Period 4 Biology" });
    await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const svg = await page.evaluate(async (src) => (await fetch(src)).text(), (await image.getAttribute("src"))!);
    expect(svg).toMatch(/^<svg/);
    expect(await qr.getByTestId("join-url").innerText()).toBe(`${session.worker.origin}/join?code=${code}`);
    // The confirmation lasts 2 seconds of the page's clock, stopped here and moved by hand.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await qr.getByRole("button", { name: "Copy code" }).click();
    await qr.getByRole("button", { name: "Copied!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await page.clock.runFor(1_900);
    expect(await qr.getByRole("button", { name: "Copied!" }).count()).toBe(1);
    await page.clock.runFor(200);
    await qr.getByRole("button", { name: "Copy code" }).waitFor();
    await page.clock.resume();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "classes-qr-dialog");
    // Printed, the sheet shows only the QR code, the class name and the code. (Hidden from
    // view, the dialog leaves the accessibility tree, so these locators go by test id.)
    await page.emulateMedia({ media: "print" });
    expect(await page.getByTestId("join-qr").isVisible()).toBe(true);
    expect(await page.getByTestId("join-code").isVisible()).toBe(true);
    expect(await page.getByTestId("join-url").isVisible()).toBe(false);
    expect(await page.locator("h1").isVisible()).toBe(false);
    await saveScreenshot(page, "classes-qr-print");
    await page.emulateMedia({ media: "screen" });
    await qr.getByRole("button", { name: "Close dialog" }).click();

    // Delete, after confirming.
    await edited.getByRole("button", { name: "Delete Period 4 Biology" }).click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" });
    await confirm.getByRole("button", { name: "Delete Class" }).click();
    await toast("Cohort deleted");
    expect(await page.getByTestId("cohort-card").filter({ hasText: "Period 4 Biology" }).count()).toBe(0);
  });

  it("says when a typed code is taken, and shows the empty state once no class is left", async () => {
    const { page } = session;
    await page.goto("/admin/cohorts");
    await page.getByRole("button", { name: "New Class" }).click();
    const create = page.getByRole("dialog", { name: "New Class" });
    await create.getByLabel("Class name").fill("Copycat");
    await create.getByLabel("Join code").fill("democlass");
    expect(await create.getByLabel("Join code").inputValue()).toBe("DEMOCLASS");
    await create.getByRole("button", { name: "Create Class" }).click();
    await toast("That join code is already used by another class.");
    await create.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Delete Demo Class" }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Delete Class" }).click();
    await toast("Cohort deleted");
    await page.getByText("No classes yet. Create a class to get a join code for your students.").waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("announces how many students the roster's Add a student search found, and focuses the added student's row", async () => {
    const { page } = session;
    const created = await page.request.post("/api/cohorts", { data: { name: "Search Class", joinCode: "SEARCH33" } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const student = await page.request.post("/api/students", { data: { studentId: "S-SRCH-1", givenName: "Wren", familyName: "Quill", grade: "4" } });
    expect(student.status(), await student.text()).toBe(201);
    await page.goto(`/admin/cohorts/${id}`);
    await page.getByLabel("Add a student").fill("Quill");
    await page.getByRole("button", { name: "Add Wren Quill" }).waitFor();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "found" }).innerText()).toBe("1 student found");
    // Adding them puts focus on their new row, not on <body>.
    await page.getByRole("button", { name: "Add Wren Quill" }).click();
    await page.getByTestId("roster-row").filter({ hasText: "Quill, Wren" }).waitFor();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe("roster-row");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Quill, Wren");
  });
});
