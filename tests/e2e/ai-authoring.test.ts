import { describe, expect, it } from "vitest";

import { GIFT_PASTE } from "../support/ai-fixtures";
import { accessibilityTree } from "../support/ax-tree";
import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/** A teacher with no AI key generates a test, imports one from GIFT, and preview-grades an answer. */
const session = browserSession({ signInAs: demoAccounts.admin });

const toast = (text: string) => session.page.getByTestId("toast").filter({ hasText: text }).first().waitFor();

const CONTEXT =
  "The water cycle moves water between the oceans, the air and the land. Evaporation turns liquid water into water vapour. Condensation forms clouds when the vapour cools. Precipitation returns water to the ground as rain or snow. Runoff carries water back to rivers and oceans.";

describe("the AI screens, offline", () => {
  it("shows one toast at a time, the newest, for 5 seconds", async () => {
    const { page } = session;
    // The page's own clock, so the 5 s are counted on it, not waited for.
    await page.clock.install();
    await page.goto("/admin/tests/generate");
    await page.getByTestId("offline-note").waitFor();
    await page.getByRole("button", { name: "Generate Test" }).click();
    await toast("Please provide test context or topic information.");
    await page.getByRole("button", { name: "Save Test" }).click();
    await toast("Generate a test first before saving.");
    expect(await page.getByTestId("toast").count()).toBe(1);

    await page.clock.runFor(4_800);
    expect(await page.getByTestId("toast").filter({ hasText: "Generate a test first before saving." }).count()).toBe(1);
    await page.clock.runFor(400);
    await page.getByTestId("toast").waitFor({ state: "hidden" });
  });

  it("generates a test, regenerates it (clearing the preview first), saves it and finds it in the list", async () => {
    const { page } = session;
    await page.goto("/admin/tests/generate");
    await page.getByTestId("offline-note").waitFor();
    await page.getByRole("button", { name: "Generate Test" }).click();
    await toast("Please provide test context or topic information.");
    await page.getByRole("button", { name: "Save Test" }).click();
    await toast("Generate a test first before saving.");

    await page.getByLabel("Test Context").fill(CONTEXT);
    expect(await page.getByLabel("AI Generation Instructions").inputValue()).toContain("5 questions");
    await page.getByRole("button", { name: "Generate Test" }).click();
    await toast("Created with 5 questions.");
    const questions = page.getByRole("list", { name: "Generated questions" }).getByTestId("draft-question");
    expect(await questions.count()).toBe(5);
    // A screen reader hears which option is the key (an icon's label alone is not read).
    const options = (await accessibilityTree(page)).filter((node) => node.role === "listitem" && node.text.startsWith("Correct answer:"));
    expect(options.length).toBeGreaterThan(0);
    const title = await page.getByRole("heading", { level: 3 }).innerText();
    await saveScreenshot(page, "ai-generator-preview");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Regenerate" }).click();
    // The old preview goes away while the new one is made.
    await page
      .getByText("AI is generating your test questions...")
      .or(page.getByTestId("toast").filter({ hasText: "Test Generated" }))
      .first()
      .waitFor();
    await questions.first().waitFor();
    await page.getByRole("button", { name: "Save Test" }).click();
    await page.waitForURL("**/admin/tests");
    await toast("Test Saved!");
    await page.getByText(title, { exact: true }).first().waitFor();
  });

  it("imports GIFT text, edits a question's competency, saves it, and the bank has the questions", async () => {
    const { page } = session;
    await page.goto("/admin/tests/import");
    await page.getByRole("button", { name: "Format with AI" }).click();
    await toast("Please paste your test content first.");
    await page.getByLabel("Test Content").fill(GIFT_PASTE);
    await page.getByRole("button", { name: "Format with AI" }).click();
    await toast("Your test has been formatted with 3 questions.");
    await page.getByLabel("Title").fill("Water Cycle Check");
    await page.getByLabel("Question 3 competency").fill("Explains runoff");
    await saveScreenshot(page, "ai-import-preview");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save Test" }).click();
    await page.waitForURL("**/admin/tests");
    await toast("Test Saved!");
    await page.getByText("Water Cycle Check", { exact: true }).first().waitFor();

    await page.goto("/admin/question-bank?search=rain");
    await page.getByTestId("question-card").filter({ hasText: "Describe what happens to rain" }).waitFor();
    await page.goto("/admin/competencies");
    await page.getByTestId("competency-card").filter({ hasText: "Explains runoff" }).waitFor();
  });

  it("preview-grades a free-response answer in the question bank", async () => {
    const { page } = session;
    await page.goto("/admin/question-bank?search=x%20%2B%209");
    await page.getByTestId("question-card").filter({ hasText: "Solve x + 9 = 23" }).getByRole("button", { name: "Test this question" }).click();
    const preview = page.getByRole("dialog", { name: "Test Question Preview" });
    await preview.getByRole("button", { name: "Check Answer" }).click();
    await toast("Please provide an answer to test the question.");
    await preview.getByLabel("Your answer").fill("Subtract 9 from both sides of the equation, so x = 14.");
    await preview.getByRole("button", { name: "Check Answer" }).click();
    const report = preview.getByTestId("grade-report");
    await report.waitFor();
    expect(await report.innerText()).toMatch(/Score \d+\/100/);
    await report.getByText("Automatic check", { exact: false }).waitFor();
    await report.getByRole("heading", { name: "Key points" }).waitFor();
    await saveScreenshot(page, "ai-preview-grading");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});

it("the accessibility check is real: it reports an unlabelled field and an image without text", async () => {
  await session.page.setContent('<main><h1>Probe</h1><input type="text"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main>');
  const violations = await seriousAccessibilityViolations(session.page);
  expect(violations.some((line) => line.startsWith("label:"))).toBe(true);
  expect(violations.some((line) => line.startsWith("image-alt:"))).toBe(true);
});
