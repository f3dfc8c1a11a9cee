import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { launchBrowser, saveScreenshot, watchForPageErrors } from "../support/browser";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/** A teacher builds a test in the browser: test, sections, bank questions, timers, save, reload. */
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
  context = await browser.newContext({ baseURL: worker.origin, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  pageErrors = watchForPageErrors(page);
  await page.goto("/login");
  await page.getByLabel("Email").fill(demoAccounts.admin.email);
  await page.getByLabel("Password").fill(demoAccounts.admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("sidebar").waitFor();
});
afterEach(async () => {
  const errors = pageErrors();
  await context.close();
  expect(errors).toEqual([]);
});

async function createBankQuestion(options: { text: string; type: string; competency: string; choices?: [string, boolean][] }) {
  await page.getByRole("button", { name: "New Question" }).click();
  const dialog = page.getByRole("dialog", { name: "New Question" });
  await dialog.getByLabel("Question text").fill(options.text);
  await dialog.getByLabel("Type").selectOption(options.type);
  for (const [index, [text, correct]] of (options.choices ?? []).entries()) {
    if (index > 0) await dialog.getByRole("button", { name: "Add Option" }).click();
    await dialog.getByLabel(`Option ${index + 1} text`).fill(text);
    if (correct) await dialog.getByRole("listitem").filter({ has: page.getByLabel(`Option ${index + 1} text`) }).getByLabel("Correct").check();
  }
  await dialog.getByLabel(options.competency).check();
  await dialog.getByRole("button", { name: "Create Question" }).click();
  await page.getByTestId("toast").filter({ hasText: "Question created" }).waitFor();
  await dialog.waitFor({ state: "detached" });
}

describe("authoring a test", () => {
  it("creates a test, adds sections and bank questions, sets timers, saves, and finds everything after a reload", async () => {
    // Create New Test, with validation first.
    await page.goto("/admin/tests/create");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.getByText("Title is required").waitFor();
    await page.getByLabel("Title").fill("Fractions Check");
    await page.getByLabel("Description").fill("Adding and comparing fractions");
    await page.getByLabel("Grade Level").fill("5");
    await page.getByLabel("Subject").fill("Mathematics");
    await page.getByLabel("Placement Duration (minutes)").fill("200");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.getByText("Placement duration cannot exceed 180 minutes").waitFor();
    await page.getByLabel("Placement Duration (minutes)").fill("20");
    await page.getByRole("button", { name: "Create Test" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/tests");
    await page.getByTestId("toast").filter({ hasText: "Test Created" }).waitFor();
    await saveScreenshot(page, "authoring-test-list");

    // Three bank questions of different types, each with a competency.
    await page.goto("/admin/question-bank");
    await createBankQuestion({
      text: "Which fraction is larger?",
      type: "multiple_choice",
      competency: "Recognises equivalent fractions",
      choices: [
        ["1/3", false],
        ["1/2", true],
      ],
    });
    await createBankQuestion({
      text: "Select the fractions equal to one half.",
      type: "multiple_select",
      competency: "Recognises equivalent fractions",
      choices: [
        ["2/4", true],
        ["3/6", true],
        ["2/3", false],
      ],
    });
    await createBankQuestion({ text: "Explain how to add 1/4 and 1/2.", type: "free_response", competency: "Understands place value" });
    await saveScreenshot(page, "authoring-question-bank");

    // The preview checks a multiple select answer by SPEC.md's rule.
    const selectCard = page.getByTestId("question-card").filter({ hasText: "Select the fractions equal to one half." });
    await selectCard.getByRole("button", { name: "Test this question" }).click();
    const preview = page.getByRole("dialog", { name: "Test Question Preview" });
    await preview.getByLabel("3/6").check();
    await preview.getByLabel("2/4").check();
    await preview.getByRole("button", { name: "Check Answer" }).click();
    await preview.getByText("Correct", { exact: true }).waitFor();
    await preview.getByRole("button", { name: "Close", exact: true }).click();

    // Edit the new test: two sections, the three questions, a reorder, a timer default.
    await page.goto("/admin/tests");
    await page.getByRole("link", { name: "Edit Fractions Check" }).click();
    await page.getByRole("tab", { name: "Sections & Questions" }).click();
    for (const title of ["Warm-up", "Challenge"]) {
      await page.getByRole("button", { name: "Add Section" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Section" });
      await dialog.getByLabel("Section title").fill(title);
      await dialog.getByRole("button", { name: "Add Section" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    expect(await page.getByRole("button", { name: "Move Warm-up up" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Move Challenge up" }).click();
    expect(await page.getByTestId("section-row").allInnerTexts()).toEqual([
      expect.stringContaining("Challenge"),
      expect.stringContaining("Warm-up"),
    ]);

    await page.getByRole("button", { name: "Add Questions" }).click();
    const picker = page.getByRole("dialog", { name: "Add Questions to Test" });
    await picker.getByLabel("Search").fill("fraction");
    for (const text of ["Which fraction is larger?", "Select the fractions equal to one half."]) await picker.getByText(text).click();
    await picker.getByLabel("Search").fill("1/4");
    await picker.getByText("Explain how to add 1/4 and 1/2.").click();
    await picker.getByRole("button", { name: "Add 3 Questions" }).click();
    await page.getByTestId("toast").filter({ hasText: "Questions Added" }).waitFor();
    expect(await page.getByTestId("question-row").count()).toBe(3);
    await page.getByRole("combobox", { name: "Section" }).first().selectOption({ label: "Warm-up" });

    await page.getByRole("tab", { name: "Timer Settings" }).click();
    await page.getByLabel("Free Response").fill("240");
    await page.getByRole("combobox", { name: "Model", exact: true }).selectOption("gpt-4o-2024-08-06");
    // One free-response question at gpt-4o rates: 800 × 2.5 + 400 × 10 per million = $0.006.
    await page.getByTestId("cost-estimate").getByText("$0.0060").waitFor();
    await saveScreenshot(page, "authoring-timer-settings");

    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/tests");
    await page.getByTestId("toast").filter({ hasText: "Test Updated" }).waitFor();

    // Reload the editor: everything persisted.
    await page.getByRole("link", { name: "Edit Fractions Check" }).click();
    await page.waitForURL((url) => url.pathname.endsWith("/edit"));
    await page.reload();
    expect(await page.getByLabel("Placement Duration (minutes)").inputValue()).toBe("20");
    await page.getByRole("tab", { name: "Sections & Questions" }).click();
    expect(await page.getByTestId("section-row").allInnerTexts()).toEqual([
      expect.stringContaining("Challenge"),
      expect.stringContaining("Warm-up"),
    ]);
    expect(await page.getByTestId("question-row").count()).toBe(3);
    expect(await page.getByRole("combobox", { name: "Section" }).first().inputValue()).not.toBe("");
    await expect.poll(() => page.getByTestId("effective-time-limit").nth(2).innerText()).toContain("4 min (type default)");
    await saveScreenshot(page, "authoring-sections");
    await page.getByRole("tab", { name: "Timer Settings" }).click();
    expect(await page.getByLabel("Free Response").inputValue()).toBe("240");
    expect(await page.getByRole("combobox", { name: "Model", exact: true }).inputValue()).toBe("gpt-4o-2024-08-06");
  });

  it("shows 'Test Not Found' with a way back for an unknown test", async () => {
    await page.goto("/admin/tests/no-such-test/edit");
    await page.getByRole("heading", { name: "Test Not Found" }).waitFor();
    await page.getByRole("link", { name: "Return to Tests" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/tests");
  });

  it("deletes a test after 'Are you sure?'", async () => {
    await page.goto("/admin/tests");
    await page.getByRole("link", { name: "Edit Grade 6 Math Check-in" }).click();
    await page.getByRole("button", { name: "Delete Test" }).click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" });
    await confirm.getByRole("button", { name: "Delete Test" }).click();
    await page.waitForURL((url) => url.pathname === "/admin/tests");
    await page.getByTestId("toast").filter({ hasText: "Test Deleted" }).waitFor();
    expect(await page.getByRole("link", { name: "Edit Grade 6 Math Check-in" }).count()).toBe(0);
  });
});
