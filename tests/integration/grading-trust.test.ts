import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { verdictCells, verdictCellsSql } from "~/models/grading-agreement.server";

import { type ApiClient, apiClient, count, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { gradedSession, unsureOpenAnswer, waitFor } from "../support/grading-fixtures";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * Confidence and teachers' overrides as evidence (ADR 0036), with no AI key: the offline grader's
 * confidence stored and flagged, an unsure grade awaiting the teacher with no mark shown to the
 * student, "Agree with this grade" through the API and the screen, and teachers' agreement with a
 * question's grader over several sessions.
 */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;

/** A partly right answer the offline grader cannot be sure of. */
const BORDERLINE_ANSWER = unsureOpenAnswer();
/** Clearly right and clearly wrong against the fixture's rubric, whatever measure of confidence. */
const RIGHT_ANSWER = "The water evaporates: the sun heats it and the liquid turns into water vapour in the air.";
const WRONG_ANSWER = "It goes away.";

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
}, 60_000);
afterAll(() => worker?.dispose());

const reviewOf = (sessionId: string) =>
  waitFor(
    async () => (await admin.get(`/api/sessions/${sessionId}/ai-grading`)).data,
    (data) => data.gradingLogs?.length > 0,
  );

const reviewPage = async (sessionId: string) => {
  const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  return (await worker.request(`/admin/ai-grading/${sessionId}`, { jar })).text();
};

describe("a grade's confidence", () => {
  it("is stored with the offline grade, returned by the API, and a low one is flagged beside the injection flags", async () => {
    const session = await gradedSession(admin, { openAnswer: BORDERLINE_ANSWER });
    const [log] = (await reviewOf(session.sessionId)).gradingLogs;
    expect(log.confidence, "the offline grader should be unsure of a partly right answer").toBeLessThan(0.6);
    expect(log).toMatchObject({ aiModel: "offline", flaggedForReview: true, reviewReasons: ["low_confidence"] });
    const stored = await worker.d1.prepare("select confidence, flagged_for_review from ai_grading_logs where id = ?").bind(log.id).first();
    expect(stored).toEqual({ confidence: log.confidence, flagged_for_review: 1 });

    const html = await reviewPage(session.sessionId);
    const percent = `${Math.round(log.confidence * 100)}%`;
    expect(html).toContain("Flagged for review");
    expect(html).toContain(`The grader was unsure (confidence ${percent})`);
    expect(html).toContain(`Confidence <!-- -->${percent}`);
    // Not screened: the injection screen's sentence is not shown for a low confidence alone.
    expect(html).not.toContain("The answer was screened before grading");
  });

  it("leaves a confident grade unflagged", async () => {
    const session = await gradedSession(admin, { openAnswer: WRONG_ANSWER });
    const [log] = (await reviewOf(session.sessionId)).gradingLogs;
    expect(log.confidence).toBeGreaterThanOrEqual(0.6);
    expect(log).toMatchObject({ flaggedForReview: false, reviewReasons: [] });
  });
});

describe("an answer its grader was unsure of", () => {
  it("awaits the teacher with no mark for the student, is flagged for review, and takes the teacher's grade everywhere", async () => {
    // No rubric: the offline grader has nothing to compare with (confidence 0).
    const browser = apiClient(worker, new CookieJar());
    const session = await gradedSession(admin, { rubric: null, openAnswer: "The sun heats the water and it evaporates.", taker: browser });
    const noMark = { score: null, isCorrect: null, pointsEarned: null, feedback: null, strengths: [], improvements: [], grading: "review" };
    expect(session.openGradingResult).toMatchObject(noMark);
    expect((await browser.get(`/api/sessions/${session.sessionId}/answers/${session.openQuestionId}`)).data).toEqual({
      score: null,
      wasCorrect: null,
      feedback: null,
      grading: "review",
    });
    const before = (await browser.get(`/api/sessions/${session.sessionId}`)).data;
    expect(before).toMatchObject({ completed: true, awaitingTeacher: 1, gradingPending: 0 });
    expect(before.answers[session.openQuestionId]).toMatchObject({
      grading: "review",
      wasCorrect: null,
      gradingScore: null,
      pointsEarned: null,
      feedback: null,
    });
    // The choice answer was right: its points count, and the unsure answer's provisional 0 with them.
    expect(before.totalScore).toBeGreaterThan(0);
    expect(before.totalScore).toBeLessThan(100);
    let results = String((await browser.get(`/results/${session.sessionId}`)).data);
    expect(results).toContain('data-testid="awaiting-answer"');
    expect(results).toContain('data-testid="awaiting-teacher">Your teacher will check this answer</span>');
    expect(results).toContain("1 answer is waiting for your teacher to check.");
    expect(results).not.toContain("✗ Incorrect");
    expect(results).not.toContain("no rubric or reference answer");

    const [log] = (await reviewOf(session.sessionId)).gradingLogs;
    expect(log).toMatchObject({ questionId: session.openQuestionId, confidence: 0, flaggedForReview: true, reviewReasons: ["low_confidence"] });
    const teacherResults = await (
      await worker.request(`/admin/results/${session.sessionId}`, { jar: await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password) })
    ).text();
    expect(teacherResults).toContain("The grader was unsure: grade it on the AI Grading Review");

    const graded = await admin.post(`/api/sessions/${session.sessionId}/grade-overrides`, {
      questionId: session.openQuestionId,
      score: 90,
      reason: "Names evaporation.",
    });
    expect(graded.status).toBe(201);
    // 90 % of the hard question's 3 points and the choice's 2 of 2: 4.7 of 5.
    expect(graded.data.totalScore).toBe(94);
    const after = (await browser.get(`/api/sessions/${session.sessionId}`)).data;
    expect(after).toMatchObject({ totalScore: 94, awaitingTeacher: 0 });
    expect(after.answers[session.openQuestionId]).toMatchObject({ grading: "teacher", gradingScore: 90, wasCorrect: true, feedback: null });
    results = String((await browser.get(`/results/${session.sessionId}`)).data);
    expect(results).not.toContain('data-testid="awaiting-answer"');
    expect(results).toContain("Grading score: <!-- -->90<!-- -->/100");
    expect(results).toContain("Grade reviewed by your teacher");
  });
});

describe("POST /api/sessions/{id}/grade-confirmations", () => {
  it("records the grade in force as the teacher's, once, and changes no score", async () => {
    const session = await gradedSession(admin, { openAnswer: WRONG_ANSWER });
    const [log] = (await reviewOf(session.sessionId)).gradingLogs;
    const before = (await admin.get(`/api/sessions/${session.sessionId}`)).data;
    const url = `/api/sessions/${session.sessionId}/grade-confirmations`;
    const confirmed = await admin.post(url, { questionId: session.openQuestionId });
    expect(confirmed.status).toBe(201);
    expect(confirmed.data).toMatchObject({
      override: { questionId: session.openQuestionId, score: log.score, previousScore: log.score, reason: "Confirmed by the teacher" },
      totalScore: before.totalScore,
    });
    const again = await admin.post(url, { questionId: ` ${session.openQuestionId} ` });
    expect(again.status).toBe(200);
    expect(again.data.override.id).toBe(confirmed.data.override.id);
    expect(await worker.d1.prepare("select count(*) as n from grade_overrides where session_id = ?").bind(session.sessionId).first("n")).toBe(1);
    const after = (await admin.get(`/api/sessions/${session.sessionId}`)).data;
    expect(after.totalScore).toBe(before.totalScore);
    expect(after.answers[session.openQuestionId].gradingScore).toBe(log.score);
    expect((await reviewOf(session.sessionId)).gradingLogs[0].finalScore).toBe(log.score);
  });

  it("refuses bad bodies with 400, wrong callers with 401 and 403, and names what is missing with 404", async () => {
    const session = await gradedSession(admin, { openAnswer: WRONG_ANSWER });
    const url = `/api/sessions/${session.sessionId}/grade-confirmations`;
    const before = await count(worker, "grade_overrides");
    expect(await admin.post(url, {})).toEqual({ status: 400, data: { message: "questionId: Choose the answer to regrade" } });
    expect(await admin.post(url, { questionId: 12 })).toEqual({ status: 400, data: { message: "questionId: Choose the answer to regrade" } });
    expect((await admin.post(url, "{not json")).status).toBe(400);
    const choice = await admin.post(url, { questionId: session.choiceQuestionId });
    expect(choice.status).toBe(400);
    expect(choice.data.message).toContain("choice questions are scored by their answer key");
    expect((await anonymous.post(url, { questionId: session.openQuestionId })).status).toBe(401);
    expect((await student.post(url, { questionId: session.openQuestionId })).status).toBe(403);
    expect(await admin.post("/api/sessions/no-such-session/grade-confirmations", { questionId: session.openQuestionId })).toEqual({
      status: 404,
      data: { message: "Session Not Found" },
    });
    expect(await admin.post(url, { questionId: "no-such-question" })).toEqual({ status: 404, data: { message: "Question Not Found" } });
    expect((await admin.get(url)).status).toBe(405);
    expect(await count(worker, "grade_overrides")).toBe(before);
  });

  it("is the review screen's 'confirm' intent, which hides the button once the grade is the teacher's", async () => {
    const session = await gradedSession(admin, { openAnswer: WRONG_ANSWER });
    await reviewOf(session.sessionId);
    expect(await reviewPage(session.sessionId)).toContain("Agree with this grade");
    const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const post = (fields: Record<string, string>) =>
      worker.request(`/admin/ai-grading/${session.sessionId}?_data=${encodeURIComponent("routes/admin.ai-grading.$sessionId")}`, {
        method: "POST",
        jar,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const refused = await post({ intent: "confirm", questionId: "" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, intent: "confirm", fieldErrors: { questionId: "Choose the answer to regrade" } });
    const done = await post({ intent: "confirm", questionId: session.openQuestionId });
    expect(await done.json()).toMatchObject({ ok: true, intent: "confirm", toast: { title: "Grade Confirmed" } });
    const html = await reviewPage(session.sessionId);
    expect(html).toContain("Confirmed by the teacher");
    expect(html).not.toContain("Agree with this grade");
  });
});

describe("teachers' agreement with a question's grader", () => {
  it("counts each answer's last override across sessions, with kappa from 10 reviews and the banner below its lines", async () => {
    // Ten sessions of one question: the grader gets five right answers right and five wrong answers wrong.
    const first = await gradedSession(admin, { openAnswer: RIGHT_ANSWER });
    const sessions = [first.sessionId];
    for (let index = 1; index < 10; index += 1) {
      const started = await admin.post("/api/sessions/start", { testConfigId: first.testId, testMode: "placement", userId: `agree-${index}` });
      const sessionId = started.data.sessionId as string;
      let question = (await admin.get(`/api/sessions/${sessionId}/next-question`)).data.question as { id: string } | null;
      while (question) {
        const answer = question.id === first.openQuestionId ? (index < 5 ? RIGHT_ANSWER : WRONG_ANSWER) : "Liquid water";
        const submitted = await admin.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer, timeSpentSeconds: 20 });
        question = submitted.data.completed ? null : submitted.data.nextQuestion;
      }
      sessions.push(sessionId);
    }
    const scores = await Promise.all(sessions.map(async (sessionId) => (await reviewOf(sessionId)).gradingLogs[0].score as number));
    expect(scores.map((score) => score >= 70)).toEqual([true, true, true, true, true, false, false, false, false, false]);

    const agreementOf = async (sessionId: string) => (await admin.get(`/api/sessions/${sessionId}/ai-grading`)).data.gradingLogs[0].agreement;
    expect(await agreementOf(first.sessionId)).toEqual({ grader: "offline", reviewed: 0, agreed: 0, kappa: null, lowAgreement: false });

    const confirm = (sessionId: string) => admin.post(`/api/sessions/${sessionId}/grade-confirmations`, { questionId: first.openQuestionId });
    const override = (sessionId: string, score: number) =>
      admin.post(`/api/sessions/${sessionId}/grade-overrides`, { questionId: first.openQuestionId, score, reason: "Second look" });
    // Right answers: four confirmed, one marked down; wrong answers: three confirmed, two marked up
    // (the first of them confirmed, then overridden: the last word counts).
    for (const sessionId of sessions.slice(0, 4)) expect((await confirm(sessionId)).status).toBe(201);
    expect((await override(sessions[4]!, 40)).status).toBe(201);
    for (const sessionId of sessions.slice(5, 8)) expect((await confirm(sessionId)).status).toBe(201);
    expect((await override(sessions[8]!, 90)).status).toBe(201);
    expect((await agreementOf(first.sessionId)).kappa).toBeNull();
    expect((await confirm(sessions[9]!)).status).toBe(201);
    expect((await override(sessions[9]!, 85)).status).toBe(201);

    // By hand: 4 + 3 of 10 agree (0.7); the grader says correct 5 times in 10, teachers 6:
    // chance 0.5 × 0.6 + 0.5 × 0.4 = 0.5, kappa (0.7 − 0.5) / 0.5 = 0.4. On both lines, so not low.
    expect(await agreementOf(sessions[3]!)).toEqual({ grader: "offline", reviewed: 10, agreed: 7, kappa: 0.4, lowAgreement: false });
    let html = await reviewPage(first.sessionId);
    expect(html).toContain("Teachers agreed with the offline grader on 7 of 10 reviewed answers to this question (κ 0.40).");
    expect(html).not.toContain("Teachers often disagree");

    // One confirmed right answer marked down after all: 6 of 10 agree; grader 5, teachers 5 correct:
    // chance 0.5, kappa (0.6 − 0.5) / 0.5 = 0.2. Low: the banner links to the question's edit dialog.
    expect((await override(sessions[0]!, 30)).status).toBe(201);
    expect(await agreementOf(sessions[7]!)).toEqual({ grader: "offline", reviewed: 10, agreed: 6, kappa: 0.2, lowAgreement: true });
    html = await reviewPage(first.sessionId);
    expect(html).toContain("Teachers agreed with the offline grader on 6 of 10 reviewed answers to this question (κ 0.20).");
    expect(html).toContain("Teachers often disagree with the grades for this question. Consider revising its rubric.");
    expect(html).toContain(`href="/admin/question-bank?edit=${first.openQuestionId}"`);
  }, 90_000);

  it("reads the questions' overrides by their question index and only those answers' logs by session and question, in one statement whatever the number of questions", async () => {
    const { sql, params } = verdictCellsSql(Array.from({ length: 150 }, (_, index) => `q-${index}`));
    expect(params).toHaveLength(1);
    const { results } = await worker.d1
      .prepare(`explain query plan ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const plan = results.map((row) => row.detail).join(" | ");
    expect(plan).toMatch(/SEARCH grade_overrides USING INDEX grade_overrides_question_idx \(question_id=\?\)/);
    expect(plan).toMatch(/SEARCH ai_grading_logs USING INDEX ai_grading_logs_session_question_idx \(session_id=\? AND question_id=\?/);
    expect(plan).not.toMatch(/SCAN ai_grading_logs/);
    expect(await verdictCells(worker.db, [])).toEqual([]);
  });
});
