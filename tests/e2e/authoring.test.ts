import { describe, expect, it } from "vitest";

import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/** A teacher builds a test in the browser: test, sections, bank questions, timers, save, reload. */
const session = browserSession({ signInAs: demoAccounts.admin });

async function createBankQuestion(options: { text: string; type: string; competency: string; choices?: [string, boolean][] }) {
  await session.page.getByRole("button", { name: "New Question" }).click();
  const dialog = session.page.getByRole("dialog", { name: "New Question" });
  await dialog.getByLabel("Question text").fill(options.text);
  await dialog.getByLabel("Type").selectOption(options.type);
  for (const [index, [text, correct]] of (options.choices ?? []).entries()) {
    if (index > 0) await dialog.getByRole("button", { name: "Add Option" }).click();
    await dialog.getByLabel(`Option ${index + 1} text`).fill(text);
    if (correct)
      await dialog
        .getByRole("listitem")
        .filter({ has: session.page.getByLabel(`Option ${index + 1} text`) })
        .getByLabel("Correct")
        .check();
  }
  await dialog.getByLabel(options.competency).check();
  await dialog.getByRole("button", { name: "Create Question" }).click();
  await session.page.getByTestId("toast").filter({ hasText: "Question created" }).waitFor();
  await dialog.waitFor({ state: "detached" });
}

describe("authoring a test", () => {
  it("creates a test, adds sections and bank questions, sets timers, saves, and finds everything after a reload", async () => {
    // Create New Test, with validation first.
    await session.page.goto("/admin/tests/create");
    await session.page.getByRole("button", { name: "Create Test" }).click();
    await session.page.getByText("Title is required").waitFor();
    await session.page.getByLabel("Title").fill("Fractions Check");
    await session.page.getByLabel("Description").fill("Adding and comparing fractions");
    await session.page.getByLabel("Grade Level").fill("5");
    await session.page.getByLabel("Subject").fill("Mathematics");
    await session.page.getByLabel("Placement Duration (minutes)").fill("200");
    await session.page.getByRole("button", { name: "Create Test" }).click();
    await session.page.getByText("Placement duration cannot exceed 180 minutes").waitFor();
    await session.page.getByLabel("Placement Duration (minutes)").fill("20");
    await session.page.getByRole("button", { name: "Create Test" }).click();
    await session.page.waitForURL((url) => url.pathname === "/admin/tests");
    await session.page.getByTestId("toast").filter({ hasText: "Test Created" }).waitFor();
    await saveScreenshot(session.page, "authoring-test-list");

    // Three bank questions of different types, each with a competency.
    await session.page.goto("/admin/question-bank");
    await createBankQuestion({
      text: "Which fraction is larger?",
      type: "multiple_choice",
      competency: "Recognizes equivalent fractions",
      choices: [
        ["1/3", false],
        ["1/2", true],
      ],
    });
    await createBankQuestion({
      text: "Select the fractions equal to one half.",
      type: "multiple_select",
      competency: "Recognizes equivalent fractions",
      choices: [
        ["2/4", true],
        ["3/6", true],
        ["2/3", false],
      ],
    });
    await createBankQuestion({ text: "Explain how to add 1/4 and 1/2.", type: "free_response", competency: "Understands place value" });
    await saveScreenshot(session.page, "authoring-question-bank");

    // The preview checks a multiple select answer by the product's rule.
    const selectCard = session.page.getByTestId("question-card").filter({ hasText: "Select the fractions equal to one half." });
    await selectCard.getByRole("button", { name: "Test this question" }).click();
    const preview = session.page.getByRole("dialog", { name: "Test Question Preview" });
    await preview.getByLabel("3/6").check();
    await preview.getByLabel("2/4").check();
    await preview.getByRole("button", { name: "Check Answer" }).click();
    await preview.getByText("Correct", { exact: true }).waitFor();
    await preview.getByRole("button", { name: "Close", exact: true }).click();

    // Edit the new test: two sections, the three questions, a reorder, a timer default.
    await session.page.goto("/admin/tests");
    await session.page.getByRole("link", { name: "Edit Fractions Check" }).click();
    await session.page.getByRole("tab", { name: "Sections & Questions" }).click();
    for (const title of ["Warm-up", "Challenge"]) {
      await session.page.getByRole("button", { name: "Add Section" }).click();
      const dialog = session.page.getByRole("dialog", { name: "Add Section" });
      await dialog.getByLabel("Section title").fill(title);
      await dialog.getByRole("button", { name: "Add Section" }).click();
      await dialog.waitFor({ state: "detached" });
    }
    expect(await session.page.getByRole("button", { name: "Move Warm-up up" }).isDisabled()).toBe(true);
    await session.page.getByRole("button", { name: "Move Challenge up" }).click();
    expect(await session.page.getByTestId("section-row").allInnerTexts()).toEqual([expect.stringContaining("Challenge"), expect.stringContaining("Warm-up")]);

    await session.page.getByRole("button", { name: "Add Questions" }).click();
    const picker = session.page.getByRole("dialog", { name: "Add Questions to Test" });
    await picker.getByLabel("Search").fill("fraction");
    for (const text of ["Which fraction is larger?", "Select the fractions equal to one half."]) await picker.getByText(text).click();
    await picker.getByLabel("Search").fill("1/4");
    await picker.getByText("Explain how to add 1/4 and 1/2.").click();
    await picker.getByRole("button", { name: "Add 3 Questions" }).click();
    await session.page.getByTestId("toast").filter({ hasText: "Questions Added" }).waitFor();
    expect(await session.page.getByTestId("question-row").count()).toBe(3);
    await session.page.getByRole("combobox", { name: "Section" }).first().selectOption({ label: "Warm-up" });

    await session.page.getByRole("tab", { name: "Timer Settings" }).click();
    await session.page.getByLabel("Free Response").fill("240");
    await session.page.getByRole("combobox", { name: "Model", exact: true }).selectOption("gpt-4o-2024-08-06");
    // One free-response question at gpt-4o rates: 800 × 2.5 + 400 × 10 per million = $0.006.
    await session.page.getByTestId("cost-estimate").getByText("$0.0060").waitFor();
    await saveScreenshot(session.page, "authoring-timer-settings");

    await session.page.getByRole("button", { name: "Save Changes" }).click();
    await session.page.waitForURL((url) => url.pathname === "/admin/tests");
    await session.page.getByTestId("toast").filter({ hasText: "Test Updated" }).waitFor();

    // Reload the editor: everything persisted.
    await session.page.getByRole("link", { name: "Edit Fractions Check" }).click();
    await session.page.waitForURL((url) => url.pathname.endsWith("/edit"));
    await session.page.reload();
    expect(await session.page.getByLabel("Placement Duration (minutes)").inputValue()).toBe("20");
    await session.page.getByRole("tab", { name: "Sections & Questions" }).click();
    expect(await session.page.getByTestId("section-row").allInnerTexts()).toEqual([expect.stringContaining("Challenge"), expect.stringContaining("Warm-up")]);
    expect(await session.page.getByTestId("question-row").count()).toBe(3);
    expect(await session.page.getByRole("combobox", { name: "Section" }).first().inputValue()).not.toBe("");
    await expect.poll(() => session.page.getByTestId("effective-time-limit").nth(2).innerText()).toContain("4 min (type default)");
    await saveScreenshot(session.page, "authoring-sections");
    await session.page.getByRole("tab", { name: "Timer Settings" }).click();
    expect(await session.page.getByLabel("Free Response").inputValue()).toBe("240");
    expect(await session.page.getByRole("combobox", { name: "Model", exact: true }).inputValue()).toBe("gpt-4o-2024-08-06");
  });

  it("shows how the grader reads a rubric as it is typed, warns when it reads nothing it can match, and preview grading names the match", async () => {
    await session.page.goto("/admin/question-bank");
    await session.page.getByRole("button", { name: "New Question" }).click();
    const dialog = session.page.getByRole("dialog", { name: "New Question" });
    await dialog.getByLabel("Question text").fill("What is the meaning of deleterious, as it is used in the passage?");
    await dialog.getByLabel("Type").selectOption("free_response");
    const panel = dialog.getByRole("region", { name: "How answers will be checked" });
    const warning = panel.getByText("The automatic grader cannot check this rubric on its own", { exact: false });
    // An empty rubric: nothing to match yet.
    await warning.waitFor();

    await dialog.getByLabel("Rubric (text or JSON)").fill("Synonyms of deleterious, e.g., harmful, damaging, detrimental, bad, negative, … etc.");
    await panel.getByRole("listitem").getByText("damaging", { exact: true }).waitFor();
    expect(await warning.count()).toBe(0);
    expect(await seriousAccessibilityViolations(session.page)).toEqual([]);

    // A score-point rubric whose full credit is generic.
    await dialog
      .getByLabel("Rubric (text or JSON)")
      .fill(
        "2 points\nProficient: The response fulfills all the requirements of the task.\n1 point\nPartially Proficient: The response fulfills some of the requirements of the task.",
      );
    await warning.waitFor();
    expect(await panel.getByRole("listitem").getByText("damaging", { exact: true }).count()).toBe(0);
    await saveScreenshot(session.page, "authoring-rubric-reading");
    expect(await seriousAccessibilityViolations(session.page)).toEqual([]);

    // Saved with alternatives, its preview grading says which one an answer matched.
    await dialog.getByLabel("Rubric (text or JSON)").fill("Synonyms of deleterious, e.g., harmful, damaging, detrimental, bad, negative, … etc.");
    await dialog.getByLabel("Understands place value").check();
    await dialog.getByRole("button", { name: "Create Question" }).click();
    await dialog.waitFor({ state: "detached" });
    const card = session.page.getByTestId("question-card").filter({ hasText: "What is the meaning of deleterious" });
    await card.getByRole("button", { name: "Test this question" }).click();
    const preview = session.page.getByRole("dialog", { name: "Test Question Preview" });
    await preview.getByLabel("Your answer").fill("harmful");
    await preview.getByRole("button", { name: "Check Answer" }).click();
    await preview.getByText("Matched acceptable answer: “harmful”").waitFor();
  });

  it("shows 'Test Not Found' with a way back for an unknown test", async () => {
    await session.page.goto("/admin/tests/no-such-test/edit");
    await session.page.getByRole("heading", { name: "Test Not Found" }).waitFor();
    await session.page.getByRole("link", { name: "Return to Tests" }).click();
    await session.page.waitForURL((url) => url.pathname === "/admin/tests");
  });

  it("deletes a test after 'Are you sure?'", async () => {
    await session.page.goto("/admin/tests");
    await session.page.getByRole("link", { name: "Edit Grade 6 Math Check-in" }).click();
    await session.page.getByRole("button", { name: "Delete Test" }).click();
    const confirm = session.page.getByRole("dialog", { name: "Are you sure?" });
    await confirm.getByRole("button", { name: "Delete Test" }).click();
    await session.page.waitForURL((url) => url.pathname === "/admin/tests");
    await session.page.getByTestId("toast").filter({ hasText: "Test Deleted" }).waitFor();
    expect(await session.page.getByRole("link", { name: "Edit Grade 6 Math Check-in" }).count()).toBe(0);
  });
});
