import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { launchBrowser, saveScreenshot, watchForPageErrors } from "../support/browser";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/** A teacher organises competencies: a new module, a prerequisite, a curriculum with Select all. */
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

const toast = (text: string) => page.getByTestId("toast").filter({ hasText: text }).waitFor();

describe("competencies, prerequisites and curriculums", () => {
  it("creates a competency in a new module, adds a prerequisite, builds a curriculum with Select all, and keeps it all", async () => {
    await page.goto("/admin/competencies");
    await page.getByRole("button", { name: "New Competency" }).click();
    const dialog = page.getByRole("dialog", { name: "New Competency" });
    await dialog.getByRole("button", { name: "Create Competency" }).click();
    await dialog.getByText("Description is required").waitFor();
    await dialog.getByLabel("Description").fill("Multiplies fractions");
    await dialog.getByRole("button", { name: "New module" }).click();
    await dialog.getByLabel("New module name").fill("Fraction Operations");
    await dialog.getByLabel("Grade level (optional)").fill("6");
    await dialog.getByRole("button", { name: "Create Competency" }).click();
    await toast("Competency created");
    const card = page.getByTestId("competency-card").filter({ hasText: "Multiplies fractions" });
    await card.getByText("Fraction Operations").waitFor();
    await saveScreenshot(page, "curriculum-competencies");

    // Prerequisites: validation toasts, then a real one.
    await page.getByRole("main").getByRole("link", { name: "Prerequisites" }).click();
    await page.waitForURL("**/admin/prerequisites");
    await page.getByRole("button", { name: "Add Prerequisite" }).click();
    const add = page.getByRole("dialog", { name: "Add Prerequisite" });
    await add.getByRole("button", { name: "Add Prerequisite" }).click();
    await toast("Missing selection");
    await add.getByLabel("Competency", { exact: true }).selectOption({ label: "Multiplies fractions" });
    const prerequisiteChoices = await add.getByLabel("Prerequisite", { exact: true }).locator("option").allInnerTexts();
    expect(prerequisiteChoices).not.toContain("Multiplies fractions");
    await add.getByLabel("Prerequisite", { exact: true }).selectOption({ label: "Recognises equivalent fractions" });
    await add.getByRole("button", { name: "Add Prerequisite" }).click();
    await toast("Prerequisite added");
    await add.waitFor({ state: "detached" });
    await page.getByTestId("prerequisite-row").filter({ hasText: "Multiplies fractions" }).waitFor();

    // The reverse would close a loop: the server refuses and the teacher is told why.
    await page.getByRole("button", { name: "Add Prerequisite" }).click();
    expect(await add.getByLabel("Competency", { exact: true }).inputValue()).toBe("");
    await add.getByLabel("Competency", { exact: true }).selectOption({ label: "Recognises equivalent fractions" });
    await add.getByLabel("Prerequisite", { exact: true }).selectOption({ label: "Multiplies fractions" });
    await add.getByRole("button", { name: "Add Prerequisite" }).click();
    await toast("cycle");
    await add.getByRole("button", { name: "Cancel" }).click();
    await saveScreenshot(page, "curriculum-prerequisites");

    // A curriculum with every competency.
    await page.goto("/admin/curriculums");
    await page.getByRole("button", { name: "New Curriculum" }).click();
    const create = page.getByRole("dialog", { name: "New Curriculum" });
    await create.getByLabel("Name").fill("Grade 6 Fractions");
    await create.getByRole("button", { name: "Create Curriculum" }).click();
    await toast("Curriculum created");
    const curriculum = page.getByTestId("curriculum-card").filter({ hasText: "Grade 6 Fractions" });
    await curriculum.getByRole("button", { name: "Manage Competencies" }).click();
    const manage = page.getByRole("dialog", { name: "Manage Competencies" });
    await manage.getByRole("button", { name: "Select all", exact: true }).click();
    await manage.getByText("5 of 5 selected").waitFor();
    await manage.getByLabel("Understands place value").uncheck();
    await manage.getByText("4 of 5 selected").waitFor();
    await saveScreenshot(page, "curriculum-manage-competencies");
    await manage.getByRole("button", { name: "Done" }).click();

    await page.reload();
    expect(await curriculum.getByTestId("curriculum-competency-count").innerText()).toBe("4 competencies");
    await saveScreenshot(page, "curriculum-curriculums");
    await page.goto("/admin/prerequisites");
    expect(await page.getByTestId("prerequisite-row").count()).toBe(2);
    await saveScreenshot(page, "curriculum-prerequisites-reloaded");
  });

  it("warns how many questions a competency is linked to before deleting it, and keeps the questions", async () => {
    await page.goto("/admin/competencies");
    await page.getByRole("button", { name: "Delete Understands place value" }).click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" });
    await confirm.getByText("is linked to 1 question").waitFor();
    await confirm.getByRole("button", { name: "Delete Competency" }).click();
    await toast("Competency deleted");
    expect(await page.getByTestId("competency-card").filter({ hasText: "Understands place value" }).count()).toBe(0);
    await page.goto("/admin/question-bank");
    expect(await page.getByTestId("question-card").count()).toBe(4);
  });
});

describe("manage competencies, quickly", () => {
  it("saves every box ticked in quick succession, each on its own request", async () => {
    await page.goto("/admin/curriculums");
    await page.getByRole("button", { name: "New Curriculum" }).click();
    const create = page.getByRole("dialog", { name: "New Curriculum" });
    await create.getByLabel("Name").fill("Quick clicks");
    await create.getByRole("button", { name: "Create Curriculum" }).click();
    await toast("Curriculum created");
    const curriculum = page.getByTestId("curriculum-card").filter({ hasText: "Quick clicks" });
    await curriculum.getByRole("button", { name: "Manage Competencies" }).click();
    const manage = page.getByRole("dialog", { name: "Manage Competencies" });
    let saved = 0;
    page.on("response", (response) => {
      if (response.request().method() === "POST" && response.url().includes("/admin/curriculums") && response.ok()) saved += 1;
    });
    const boxes = await manage.getByRole("checkbox").all();
    // Faster than a person, so that every save is still on its way when the next box is ticked,
    // as on a slow network.
    await manage.getByRole("checkbox").evaluateAll((inputs) => inputs.forEach((input) => (input as HTMLInputElement).click()));
    await manage.getByText(`${boxes.length} of ${boxes.length} selected`).waitFor();
    await expect.poll(() => saved).toBe(boxes.length);

    await page.reload();
    expect(await curriculum.getByTestId("curriculum-competency-count").innerText()).toBe(`${boxes.length} competencies`);
  });
});
