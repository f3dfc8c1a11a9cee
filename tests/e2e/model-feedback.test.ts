import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { apiClient } from "../support/api";
import { browserSession } from "../support/browser-session";
import { type OpenAiStub, startOpenAiStub } from "../support/openai-stub";
import { demoAccounts } from "../support/worker";

/**
 * With a model configured, an open answer's feedback screen (3 s) shows the model's
 * grade if it lands meanwhile: here a local OpenAI-compatible server grades it, and the page's
 * clock is held so that the machine's speed decides nothing.
 */
let stub: OpenAiStub;
beforeAll(async () => {
  stub = await startOpenAiStub();
});
afterAll(() => stub?.close());

const session = browserSession({ signInAs: demoAccounts.admin, vars: () => ({ AI_API_KEY: "test-key", AI_BASE_URL: stub.baseURL }) });

describe("the feedback screen and the model's grade", () => {
  it("shows the model's feedback when it lands while the feedback shows", { timeout: 60_000 }, async () => {
    const { page, worker } = session;
    const admin = apiClient(worker, await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password));
    const competency = await admin.post("/api/competencies", { description: "Explains the Moon's phases" });
    const open = await admin.post("/api/questions", {
      text: "Why do we see the Moon's phases?",
      type: "free_response",
      difficulty: "medium",
      rubric: "The Sun lights half the Moon; as it orbits we see different parts of the lit half.",
    });
    const choice = await admin.post("/api/questions", {
      text: "Which body lights the Moon?",
      type: "multiple_choice",
      difficulty: "medium",
      options: [
        { text: "The Sun", isCorrect: true },
        { text: "The Earth", isCorrect: false },
      ],
    });
    for (const id of [open.data.id, choice.data.id])
      await admin.post(`/api/questions/${id}/competencies`, { competencyId: competency.data.id, isPrimary: true });
    const details = { title: "Moon", description: "d", gradeLevel: "5", subject: "Science" };
    const test = await admin.post("/api/tests", details);
    // Sections come in the teacher's order: the open question first, so the test goes on after it.
    await admin.put(`/api/tests/${test.data.id}`, {
      ...details,
      sections: [
        { id: `first-${test.data.id}`, title: "First" },
        { id: `then-${test.data.id}`, title: "Then" },
      ],
      questions: [
        { id: open.data.id, sectionId: `first-${test.data.id}` },
        { id: choice.data.id, sectionId: `then-${test.data.id}` },
      ],
    });

    // The page's own clock, stopped at the submit below: the feedback's 3 s are the page's, not the machine's.
    await page.clock.install();
    await page.goto(`/test/${test.data.id}`);
    await page.locator("button:disabled", { hasText: "Start Test" }).waitFor();
    await page.getByLabel("Placement Test").check();
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.getByRole("heading", { name: /^Question 1/ }).waitFor();
    await page.getByRole("textbox").first().fill("The Sun lights half of the Moon and we see different parts of the lit half as it orbits.");
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.getByRole("button", { name: "Submit Answer" }).click();
    const feedback = page.getByTestId("answer-feedback");
    await feedback.waitFor();
    // However long the model takes on this machine, the feedback waits for it here; once its grade
    // is in the session, 2.9 s of the page's clock (inside the feedback's 3 s) show it in place of
    // the automatic check, and the feedback is still on screen.
    const modelFeedback = "Graded by word overlap with the question.";
    const [started] = (await admin.get(`/api/sessions?testConfigId=${test.data.id}&limit=1`)).data;
    const feedbackInSession = async () => (await admin.get(`/api/sessions/${started.id}`)).data.answers[open.data.id]?.feedback;
    await expect.poll(feedbackInSession, { timeout: 30_000 }).toBe(modelFeedback);
    await page.clock.runFor(2_900);
    await feedback.getByText(modelFeedback).waitFor();
    expect(await page.getByRole("heading", { name: /^Question 1/ }).count()).toBe(1);
    await page.clock.resume();
  });
});
