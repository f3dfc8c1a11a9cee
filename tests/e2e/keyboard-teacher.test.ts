import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { clientFor, generateDemo } from "../support/api";
import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { focusedName, press, tabTo } from "../support/keyboard";
import { demoAccounts } from "../support/worker";

/**
 * A teacher with no mouse: creates a test, writes a multiple choice question and adds it to the
 * test, creates a class for it and reads Cohort Analytics, pressing keys only (no click, no fill).
 * Every Tab stop must show a focus indicator and move focus on; dialogs keep Tab inside and give
 * focus back to what opened them (app/components/dialog.tsx; docs/accessibility.md).
 */
const session = browserSession({ signInAs: demoAccounts.admin });

/**
 * Focus is inside the open dialog, and Tab, then Shift+Tab, go all the way round it and back to
 * where they started (past its last control to its first, and the other way), never leaving it.
 */
async function expectFocusTrappedIn(page: Page, dialogName: string) {
  await page.getByRole("dialog", { name: dialogName }).waitFor();
  const inside = () => page.evaluate(() => document.activeElement?.closest("dialog[open]") !== null);
  expect(await inside()).toBe(true);
  const start = await focusedName(page);
  for (const key of ["Tab", "Shift+Tab"]) {
    const stops: string[] = [];
    for (let step = 0; step < 60 && stops.at(-1) !== start; step++) {
      const stop = await press(page, key);
      expect(stop.problem).toBeNull();
      stops.push(stop.name);
      expect(await inside(), `${key} left ${dialogName}: ${stops.join(" → ")}`).toBe(true);
    }
    expect(stops.at(-1), `${key} round ${dialogName}: ${stops.join(" → ")}`).toBe(start);
    expect(stops.length).toBeGreaterThan(2);
  }
}

async function expectFocusOn(page: Page, name: string) {
  await expect.poll(() => focusedName(page)).toBe(name);
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).waitFor();

describe("a teacher using only the keyboard", () => {
  it("creates a test, adds a multiple choice question to it, creates a class and reads Cohort Analytics", async () => {
    const { page } = session;
    // A class with results to read at the end, simulated meanwhile through the API (as analytics.test.ts does by the button).
    const demo = clientFor(session.worker, demoAccounts.admin.email).then(({ client }) => generateDemo(client));

    await page.goto("/");
    await page.getByTestId("sidebar").waitFor();
    await page.waitForFunction(() => "__remixRouter" in window);

    // The skip link is the first stop, shown when focused, and moves focus to the main region.
    const skip = await press(page, "Tab");
    expect(skip).toEqual({ name: "Skip to content", problem: null });
    const box = await page.getByRole("link", { name: "Skip to content" }).boundingBox();
    expect(box?.width).toBeGreaterThan(40);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    expect(await page.getByRole("navigation").count()).toBeGreaterThan(0);
    expect(await page.getByRole("main").count()).toBe(1);

    // Create New Test, from the dashboard's card.
    await tabTo(page, /Create New Test/);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/tests/create");
    await page.getByRole("heading", { name: "Create New Test" }).waitFor();
    // An in-app move to another page puts focus on its heading, not on <body>.
    await expect.poll(() => page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent}`)).toBe("H1 Create New Test");
    for (const [label, text] of [
      ["Title", "Keyboard Fractions"],
      ["Description", "Comparing fractions without a mouse"],
      ["Grade Level", "5"],
      ["Subject", "Mathematics"],
    ]) {
      await tabTo(page, label!);
      await page.keyboard.type(text!);
    }
    await expectNoSeriousViolations(page);
    await tabTo(page, "Create Test");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/tests");
    await toast(page, "Test Created");

    // A multiple choice question in the bank, through the New Question dialog.
    await tabTo(page, "Question Bank");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/question-bank");
    await tabTo(page, "New Question");
    await page.keyboard.press("Enter");
    await expectFocusTrappedIn(page, "New Question");
    await expectNoSeriousViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectFocusOn(page, "New Question");

    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: "New Question" }).waitFor();
    await tabTo(page, "Question text");
    await page.keyboard.type("Which is larger, 3/4 or 2/3?");
    expect(await page.getByRole("dialog").getByLabel("Type").inputValue()).toBe("multiple_choice");
    await tabTo(page, "Option 1 text");
    await page.keyboard.type("3/4");
    await tabTo(page, "Option 1 Correct");
    await page.keyboard.press("Space");
    await tabTo(page, "Add Option");
    await page.keyboard.press("Enter");
    await tabTo(page, "Option 2 text", { back: true });
    await page.keyboard.type("2/3");
    await tabTo(page, "Recognizes equivalent fractions");
    await page.keyboard.press("Space");
    await saveScreenshot(page, "keyboard-question-dialog");
    await tabTo(page, "Create Question");
    await page.keyboard.press("Enter");
    await toast(page, "Question created");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectFocusOn(page, "New Question");

    // Into the new test: Sections & Questions by arrow key, Add Questions, Save Changes.
    await tabTo(page, "Manage Tests", { back: true });
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/tests");
    await tabTo(page, "Edit Keyboard Fractions");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.endsWith("/edit"));
    await tabTo(page, "Basic Info");
    await page.keyboard.press("ArrowRight");
    await page.getByRole("tab", { name: "Sections & Questions", selected: true }).waitFor();
    await tabTo(page, "Add Questions");
    await page.keyboard.press("Enter");
    await expectFocusTrappedIn(page, "Add Questions to Test");
    await tabTo(page, "Cancel");
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectFocusOn(page, "Add Questions");

    await page.keyboard.press("Enter");
    const picker = page.getByRole("dialog", { name: "Add Questions to Test" });
    await tabTo(page, "Search");
    await page.keyboard.type("3/4 or 2/3");
    await picker.getByText("Which is larger, 3/4 or 2/3?").waitFor();
    await expect.poll(() => picker.getByRole("checkbox").count()).toBe(1);
    await tabTo(page, /^Which is larger, 3\/4 or 2\/3\?/);
    await page.keyboard.press("Space");
    await expectNoSeriousViolations(page);
    await tabTo(page, "Add 1 Question");
    await page.keyboard.press("Enter");
    await toast(page, "Questions Added");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectFocusOn(page, "Add Questions");
    expect(await page.getByTestId("question-row").count()).toBe(1);
    await tabTo(page, "Save Changes", { back: true });
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/tests");
    await toast(page, "Test Updated");

    // A class taking that test (the simulated class is listed too by then: its job takes a few seconds).
    await demo;
    await tabTo(page, "Class Management");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/cohorts");
    await tabTo(page, "New Class");
    await page.keyboard.press("Enter");
    await expectFocusTrappedIn(page, "New Class");
    await tabTo(page, "Class name");
    await page.keyboard.type("Period 2 Keyboard");
    await tabTo(page, "Default test");
    await page.keyboard.type("Keyboard Fractions");
    await page.getByLabel("Test mode").waitFor();
    await expectNoSeriousViolations(page);
    await tabTo(page, "Create Class");
    await page.keyboard.press("Enter");
    await toast(page, "Cohort created");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await expectFocusOn(page, "New Class");
    const card = page.getByTestId("cohort-card").filter({ hasText: "Period 2 Keyboard" });
    expect(await card.getByRole("link", { name: "Period 2 Keyboard", exact: true }).getAttribute("href")).toContain("&testConfigId=");

    // Cohort Analytics of the simulated class, from its card.
    await tabTo(page, "Demo Class (simulated)");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/analytics");
    const total = page.getByTestId("stat-card").filter({ hasText: "Total sessions" });
    // 32 students, each with a sitting today and one in each of the two testing windows before: the
    // current window's, once a student.
    expect(await total.locator("dd").first().innerText()).toBe("32");
    await expectNoSeriousViolations(page);
    await saveScreenshot(page, "keyboard-analytics");
  });

  it("Shift+Tab up a long page never stops under the sticky header", async () => {
    const { page } = session;
    // A short window, so nearly every step scrolls.
    await page.setViewportSize({ width: 1280, height: 320 });
    await page.goto("/admin/question-bank");
    await page.locator("main").getByRole("button").last().focus();
    for (let step = 0; step < 15; step++) {
      await page.keyboard.press("Shift+Tab");
      const { top, headerBottom, name } = await page.evaluate(() => ({
        top: document.activeElement!.getBoundingClientRect().top,
        headerBottom: document.getElementById("admin-header")!.getBoundingClientRect().bottom,
        name: document.activeElement!.textContent ?? "",
      }));
      expect(top, `stop ${step}: ${name}`).toBeGreaterThanOrEqual(headerBottom);
    }
  });
});
