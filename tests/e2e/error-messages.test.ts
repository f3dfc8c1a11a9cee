import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";

import { saveScreenshot, waitForHydration } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/**
 * Errors where a teacher meets them: a refusal inside a dialog is told inside the dialog, beside
 * the field it is about, and its toast sits above the modal backdrop where it can be read and
 * dismissed while the dialog stays open; the product's words title a more specific reason.
 */
const session = browserSession({ signInAs: demoAccounts.admin });

/** The text a control's aria-describedby points at: what a screen reader says beside it. */
const descriptionOf = (control: Locator) =>
  control.evaluate((element) =>
    (element.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

/**
 * The toast is on top: a real click (hit-tested, not forced) dismisses it, and the dialog stays.
 * No short deadline on the click: a covered toast never takes the pointer (which would hold it)
 * and leaves after its 5 s, so the click fails however fast or slow the machine.
 */
async function dismissToastAbove(dialog: Locator, title: string) {
  const toast = session.page.getByTestId("toast").filter({ hasText: title });
  await toast.waitFor();
  await toast.getByRole("button", { name: "Dismiss notification" }).click();
  await toast.waitFor({ state: "detached" });
  expect(await dialog.isVisible()).toBe(true);
}

describe("errors inside dialogs", () => {
  it("Add Prerequisite with nothing chosen says so beside both selections", async () => {
    await session.page.goto("/admin/prerequisites");
    await session.page.getByRole("button", { name: "Add Prerequisite" }).click();
    const dialog = session.page.getByRole("dialog", { name: "Add Prerequisite" });
    await dialog.getByRole("button", { name: "Add Prerequisite" }).click();
    const competency = dialog.getByLabel("Competency", { exact: true });
    await expect.poll(() => descriptionOf(competency)).toContain("Please select both a competency and its prerequisite.");
    expect(await competency.getAttribute("aria-invalid")).toBe("true");
    await saveScreenshot(session.page, "dialog-errors-prerequisite");
    await dismissToastAbove(dialog, "Missing selection");
  });

  it("a duplicate class code is refused beside the join code", async () => {
    await session.page.goto("/admin/cohorts");
    await session.page.getByRole("button", { name: "New Class" }).click();
    const dialog = session.page.getByRole("dialog", { name: "New Class" });
    await dialog.getByLabel("Class name").fill("Second period");
    await dialog.getByLabel("Join code").fill("DEMOCLASS");
    await dialog.getByRole("button", { name: "Create Class" }).click();
    const joinCode = dialog.getByLabel("Join code");
    await expect.poll(() => descriptionOf(joinCode)).toContain("That join code is already used by another class.");
    await expect.poll(() => focusedId()).toBe(await joinCode.getAttribute("id"));
    await saveScreenshot(session.page, "dialog-errors-join-code");
    await dismissToastAbove(dialog, "Failed to create cohort");
  });

  it("Check Answer with no answer says so beside the answer", async () => {
    await session.page.goto("/admin/question-bank?type=free_response");
    await session.page.getByTestId("question-card").first().getByRole("button", { name: "Test this question" }).click();
    const dialog = session.page.getByRole("dialog", { name: "Test Question Preview" });
    await dialog.getByRole("button", { name: "Check Answer" }).click();
    const answer = dialog.getByLabel("Your answer");
    await expect.poll(() => descriptionOf(answer)).toContain("Please provide an answer to test the question.");
    await saveScreenshot(session.page, "dialog-errors-preview");
    await dismissToastAbove(dialog, "Answer required");
  });
});

/** The id of the element with focus ("" for <body>). */
const focusedId = () => session.page.evaluate(() => document.activeElement?.id ?? "");

describe("errors heard: focus on the first invalid field, its message read with it", () => {
  it("Create Test with nothing filled in focuses Title", async () => {
    await session.page.goto("/admin/tests/create");
    await waitForHydration(session.page);
    await session.page.getByRole("button", { name: "Create Test" }).click();
    const title = session.page.getByLabel("Title");
    await expect.poll(() => focusedId()).toBe("title");
    expect(await title.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(title)).not.toBe("");
  });

  it("Edit Accommodations with no break minutes focuses them", async () => {
    const created = await session.page.request.post("/api/students", { data: { studentId: "S-ERR-1", givenName: "Ines", familyName: "Park", grade: "5" } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await session.page.goto(`/admin/students/${id}`);
    await waitForHydration(session.page);
    await session.page.getByRole("button", { name: "Edit Accommodations" }).click();
    const dialog = session.page.getByRole("dialog", { name: "Accommodations for Ines Park" });
    await dialog.getByLabel(/^Pause and resume/).check();
    await dialog.getByLabel("Most break minutes in one test").fill("0");
    await dialog.getByRole("button", { name: "Save Accommodations" }).click();
    const minutes = dialog.getByLabel("Most break minutes in one test");
    await expect.poll(() => focusedId()).toBe("accommodation-break-minutes");
    expect(await minutes.getAttribute("aria-invalid")).toBe("true");
    expect(await descriptionOf(minutes)).not.toBe("");
  });
});

describe("the product's messages with the reason under them", () => {
  it("an unknown class in Cohort Analytics toasts 'Failed to fetch analytics', with why", async () => {
    await session.page.goto("/admin/analytics?cohortId=no-such-class");
    const toast = session.page.getByTestId("toast").filter({ hasText: "Failed to fetch analytics" });
    await toast.getByText("Class Not Found").waitFor();
    await session.page.getByRole("alert").filter({ hasText: "Failed to fetch analytics" }).waitFor();
  });

  it("a question deleted meanwhile toasts 'Failed to load question for editing.', with why", async () => {
    const { page } = session;
    const created = await page.request.post("/api/questions", { data: { text: "Soon deleted: 7 × 8?", type: "free_response", difficulty: "easy" } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto("/admin/question-bank?search=Soon%20deleted");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    expect((await page.request.delete(`/api/questions/${id}`)).status()).toBe(200);
    await page.getByTestId("question-card").getByRole("button", { name: "Edit this question" }).click();
    await page.getByTestId("toast").filter({ hasText: "Failed to load question for editing." }).getByText("Question Not Found").waitFor();
  });
});
