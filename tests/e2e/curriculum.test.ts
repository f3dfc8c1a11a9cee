import { describe, expect, it } from "vitest";

import { DEMO_PREREQUISITES } from "~/models/seed-content";
import { DEMO_QUESTIONS } from "~/models/seed-questions";

import { saveScreenshot } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/** A teacher organises competencies: a new module, a prerequisite, a curriculum with Select all. */
const session = browserSession({ signInAs: demoAccounts.admin });

const toast = (text: string) => session.page.getByTestId("toast").filter({ hasText: text }).waitFor();

describe("competencies, prerequisites and curriculums", () => {
  it("creates a competency in a new module, adds a prerequisite, builds a curriculum with Select all, and keeps it all", async () => {
    await session.page.goto("/admin/competencies");
    await session.page.getByRole("button", { name: "New Competency" }).click();
    const dialog = session.page.getByRole("dialog", { name: "New Competency" });
    await dialog.getByRole("button", { name: "Create Competency" }).click();
    await dialog.getByText("Description is required").waitFor();
    await dialog.getByLabel("Description").fill("Multiplies fractions");
    await dialog.getByRole("button", { name: "New module" }).click();
    await dialog.getByLabel("New module name").fill("Fraction Operations");
    await dialog.getByLabel("Grade level (optional)").fill("6");
    await dialog.getByRole("button", { name: "Create Competency" }).click();
    await toast("Competency created");
    const card = session.page.getByTestId("competency-card").filter({ hasText: "Multiplies fractions" });
    await card.getByText("Fraction Operations").waitFor();
    await saveScreenshot(session.page, "curriculum-competencies");

    // Prerequisites: validation toasts, then a real one.
    await session.page.getByRole("main").getByRole("link", { name: "Prerequisites" }).click();
    await session.page.waitForURL("**/admin/prerequisites");
    await session.page.getByRole("button", { name: "Add Prerequisite" }).click();
    const add = session.page.getByRole("dialog", { name: "Add Prerequisite" });
    await add.getByRole("button", { name: "Add Prerequisite" }).click();
    await toast("Missing selection");
    await add.getByLabel("Competency", { exact: true }).selectOption({ label: "Multiplies fractions" });
    const prerequisiteChoices = await add.getByLabel("Prerequisite", { exact: true }).locator("option").allInnerTexts();
    expect(prerequisiteChoices).not.toContain("Multiplies fractions");
    await add.getByLabel("Prerequisite", { exact: true }).selectOption({ label: "Recognizes equivalent fractions" });
    await add.getByRole("button", { name: "Add Prerequisite" }).click();
    await toast("Prerequisite added");
    await add.waitFor({ state: "detached" });
    await session.page.getByTestId("prerequisite-row").filter({ hasText: "Multiplies fractions" }).waitFor();

    // The reverse would close a loop: the server refuses and the teacher is told why.
    await session.page.getByRole("button", { name: "Add Prerequisite" }).click();
    expect(await add.getByLabel("Competency", { exact: true }).inputValue()).toBe("");
    await add.getByLabel("Competency", { exact: true }).selectOption({ label: "Recognizes equivalent fractions" });
    await add.getByLabel("Prerequisite", { exact: true }).selectOption({ label: "Multiplies fractions" });
    await add.getByRole("button", { name: "Add Prerequisite" }).click();
    await toast("cycle");
    await add.getByRole("button", { name: "Cancel" }).click();
    await saveScreenshot(session.page, "curriculum-prerequisites");

    // A curriculum with every competency.
    await session.page.goto("/admin/curriculums");
    await session.page.getByRole("button", { name: "New Curriculum" }).click();
    const create = session.page.getByRole("dialog", { name: "New Curriculum" });
    await create.getByLabel("Name").fill("Grade 6 Fractions");
    await create.getByRole("button", { name: "Create Curriculum" }).click();
    await toast("Curriculum created");
    const curriculum = session.page.getByTestId("curriculum-card").filter({ hasText: "Grade 6 Fractions" });
    await curriculum.getByRole("button", { name: "Manage Competencies" }).click();
    const manage = session.page.getByRole("dialog", { name: "Manage Competencies" });
    await manage.getByRole("button", { name: "Select all", exact: true }).click();
    await manage.getByText("5 of 5 selected").waitFor();
    await manage.getByLabel("Understands place value").uncheck();
    await manage.getByText("4 of 5 selected").waitFor();
    await saveScreenshot(session.page, "curriculum-manage-competencies");
    await manage.getByRole("button", { name: "Done" }).click();

    await session.page.reload();
    expect(await curriculum.getByTestId("curriculum-competency-count").innerText()).toBe("4 competencies");
    await saveScreenshot(session.page, "curriculum-curriculums");
    await session.page.goto("/admin/prerequisites");
    expect(await session.page.getByTestId("prerequisite-row").count()).toBe(DEMO_PREREQUISITES.length + 1);
    await saveScreenshot(session.page, "curriculum-prerequisites-reloaded");
  });

  it("warns how many questions a competency is linked to before deleting it, and keeps the questions", async () => {
    await session.page.goto("/admin/competencies");
    await session.page.getByRole("button", { name: "Delete Understands place value" }).click();
    const confirm = session.page.getByRole("dialog", { name: "Are you sure?" });
    const linked = DEMO_QUESTIONS.filter((question) => question.competency === "placeValue").length;
    await confirm.getByText(`is linked to ${linked} questions`).waitFor();
    await confirm.getByRole("button", { name: "Delete Competency" }).click();
    await toast("Competency deleted");
    expect(await session.page.getByTestId("competency-card").filter({ hasText: "Understands place value" }).count()).toBe(0);
    await session.page.goto("/admin/question-bank");
    await session.page.getByText(`of ${DEMO_QUESTIONS.length} questions`).waitFor();
  });
});

describe("manage competencies, quickly", () => {
  it("saves every box ticked in quick succession, each on its own request", async () => {
    await session.page.goto("/admin/curriculums");
    await session.page.getByRole("button", { name: "New Curriculum" }).click();
    const create = session.page.getByRole("dialog", { name: "New Curriculum" });
    await create.getByLabel("Name").fill("Quick clicks");
    await create.getByRole("button", { name: "Create Curriculum" }).click();
    await toast("Curriculum created");
    const curriculum = session.page.getByTestId("curriculum-card").filter({ hasText: "Quick clicks" });
    await curriculum.getByRole("button", { name: "Manage Competencies" }).click();
    const manage = session.page.getByRole("dialog", { name: "Manage Competencies" });
    let saved = 0;
    session.page.on("response", (response) => {
      if (response.request().method() === "POST" && response.url().includes("/admin/curriculums") && response.ok()) saved += 1;
    });
    const boxes = await manage.getByRole("checkbox").all();
    // Faster than a person, so that every save is still on its way when the next box is ticked,
    // as on a slow network.
    await manage.getByRole("checkbox").evaluateAll((inputs) => inputs.forEach((input) => (input as HTMLInputElement).click()));
    await manage.getByText(`${boxes.length} of ${boxes.length} selected`).waitFor();
    await expect.poll(() => saved).toBe(boxes.length);

    await session.page.reload();
    expect(await curriculum.getByTestId("curriculum-competency-count").innerText()).toBe(`${boxes.length} competencies`);
  });
});
