import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { LOW_CONFIDENCE } from "~/domain/ai/confidence";
import type { TestSessionRpc } from "~/domain/sessions/session-contract";

import { type ApiClient, count, demoClients } from "../support/api";
import { gradedSession, offlineGradeOf, waitFor, WEAK_OPEN_ANSWER } from "../support/grading-fixtures";
import { startWorker, type TestWorker } from "../support/worker";

/** The AI Grading Review's API: the logs with no AI key configured, and a teacher's override everywhere it counts. */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let graded: Awaited<ReturnType<typeof gradedSession>>;

const logsOf = async (sessionId: string) => (await admin.get(`/api/sessions/${sessionId}/ai-grading`)).data;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
  graded = await gradedSession(admin);
}, 60_000);
afterAll(() => worker?.dispose());

describe("GET /api/sessions/{id}/ai-grading", () => {
  it("lists the offline grading of the open answer, once, with the product's fields and the session's cost", async () => {
    const review = await waitFor(
      () => logsOf(graded.sessionId),
      (data) => data.gradingLogs.length > 0,
    );
    expect(review.gradingLogs).toHaveLength(1);
    const [log] = review.gradingLogs;
    const weakGrade = offlineGradeOf(WEAK_OPEN_ANSWER);
    expect(log).toMatchObject({
      questionId: graded.openQuestionId,
      questionType: "free_response",
      questionText: expect.stringContaining("puddles"),
      studentAnswer: WEAK_OPEN_ANSWER,
      score: expect.any(Number),
      feedback: expect.any(String),
      keyPoints: expect.any(Array),
      strengths: expect.any(Array),
      improvements: expect.any(Array),
      error: null,
      aiModel: "offline",
      promptSent: null,
      rawResponse: null,
      rubric: expect.stringContaining("evaporates"),
      promptTokens: 0,
      completionTokens: 0,
      reasoningTokens: 0,
      totalTokens: 0,
      cost: { inputCost: 0, outputCost: 0, reasoningCost: 0, totalCost: 0, inputTokens: 0, outputTokens: 0, reasoningTokens: 0 },
      // The grader's own confidence in this answer; a low one flags it (tests/integration/grading-trust.test.ts).
      confidence: weakGrade.confidence,
      flaggedForReview: weakGrade.confidence < LOW_CONFIDENCE,
      reviewReasons: weakGrade.confidence < LOW_CONFIDENCE ? ["low_confidence"] : [],
      overrides: [],
      agreement: { grader: "offline", reviewed: 0, agreed: 0, kappa: null, lowAgreement: false },
    });
    expect(log.finalScore).toBe(log.score);
    expect(new Date(log.gradedAt).toISOString()).toBe(log.gradedAt);
    expect(review.sessionCost).toEqual({ totalCost: 0, model: "offline" });
    // A retried submit of the same answer is a repeat: no second log. The choice answer has none.
    const retry = await admin.post(`/api/sessions/${graded.sessionId}/submit`, {
      questionId: graded.openQuestionId,
      answer: WEAK_OPEN_ANSWER,
      timeSpentSeconds: 20,
    });
    expect(retry.data.saved).toBe("repeat");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await worker.d1.prepare("select count(*) as n from ai_grading_logs where session_id = ?").bind(graded.sessionId).first("n")).toBe(1);
  });

  it("shows the question's text and rubric as the grader read them after the question is edited, each stored once for the log and the answer", async () => {
    const { gradingLogs } = await waitFor(
      () => logsOf(graded.sessionId),
      (data) => data.gradingLogs.length > 0,
    );
    const answered = await waitFor(
      () =>
        worker.d1
          .prepare("select question_text, question_text_id from session_answers where session_id = ? and question_id = ?")
          .bind(graded.sessionId, graded.openQuestionId)
          .first<{ question_text: string | null; question_text_id: string | null }>(),
      (row) => row !== null,
    );
    const log = await worker.d1
      .prepare("select question_text, question_text_id, rubric, rubric_id from ai_grading_logs where session_id = ?")
      .bind(graded.sessionId)
      .first<{ question_text: string; question_text_id: string; rubric: string | null; rubric_id: string }>();
    // Neither copies the text: both name the one stored row (ADR 0048, amended 2026-11-27 (2)).
    expect(log).toMatchObject({ question_text: "", rubric: null, question_text_id: expect.any(String), rubric_id: expect.any(String) });
    expect(answered).toEqual({ question_text: null, question_text_id: log!.question_text_id });
    expect(await worker.d1.prepare("select count(*) as n from question_texts where text like '%puddles%'").first("n")).toBe(1);

    await worker.d1.prepare("update questions set text = '<p>Edited later</p>', rubric = '\"Edited rubric\"' where id = ?").bind(graded.openQuestionId).run();
    const [after] = (await logsOf(graded.sessionId)).gradingLogs;
    expect(after).toMatchObject({ questionText: gradingLogs[0].questionText, rubric: gradingLogs[0].rubric });
    expect(after.questionText).toContain("puddles");
  });

  it("is for admins: 401 signed out, 403 for a student, 404 for an unknown session, 405 for another method", async () => {
    expect((await anonymous.get(`/api/sessions/${graded.sessionId}/ai-grading`)).status).toBe(401);
    expect((await student.get(`/api/sessions/${graded.sessionId}/ai-grading`)).status).toBe(403);
    expect(await admin.get("/api/sessions/no-such-session/ai-grading")).toEqual({ status: 404, data: { message: "Session Not Found" } });
    const posted = await admin.post(`/api/sessions/${graded.sessionId}/ai-grading`, {});
    expect(posted.status).toBe(405);
  });
});

describe("POST /api/sessions/{id}/grade-overrides", () => {
  it("sets the grade in force everywhere: the session, D1's record and answer, and the review's history", async () => {
    const session = await gradedSession(admin);
    const before = (await admin.get(`/api/sessions/${session.sessionId}`)).data;
    // From the log: an answer its grader was unsure of shows no grade in the session's JSON.
    const previous = (
      await waitFor(
        () => logsOf(session.sessionId),
        (data) => data.gradingLogs.length > 0,
      )
    ).gradingLogs[0].score as number;
    expect(previous).toBeLessThan(95);
    const posted = await admin.post(`/api/sessions/${session.sessionId}/grade-overrides`, {
      questionId: session.openQuestionId,
      score: 95,
      reason: "  Names evaporation in its own words.  ",
    });
    expect(posted.status).toBe(201);
    expect(posted.data).toMatchObject({
      override: {
        questionId: session.openQuestionId,
        score: 95,
        previousScore: previous,
        reason: "Names evaporation in its own words.",
        overriddenBy: expect.any(String),
        overriddenByName: expect.any(String),
        createdAt: expect.any(String),
      },
      totalScore: expect.any(Number),
    });
    expect(posted.data.totalScore).toBeGreaterThan(before.totalScore);

    const after = (await admin.get(`/api/sessions/${session.sessionId}`)).data;
    expect(after.totalScore).toBe(posted.data.totalScore);
    expect(after.answers[session.openQuestionId]).toMatchObject({ gradingScore: 95, wasCorrect: true, grading: "teacher" });
    expect(after.scores[session.openQuestionId]).toMatchObject({ score: 95 });

    // D1 was written before the response: lists and analytics read it.
    const record = await worker.d1.prepare("select total_score from sessions where id = ?").bind(session.sessionId).first<{ total_score: number }>();
    expect(record!.total_score).toBe(posted.data.totalScore);
    const answer = await worker.d1
      .prepare("select grading_score, was_correct, points_earned, max_points from session_answers where session_id = ? and question_id = ?")
      .bind(session.sessionId, session.openQuestionId)
      .first();
    expect(answer).toEqual({ grading_score: 95, was_correct: 1, points_earned: 2.85, max_points: 3 });
    const listed = (await admin.get(`/api/sessions?testConfigId=${session.testId}`)).data as { sessionId: string; totalScore: number }[];
    expect(listed.find((row) => row.sessionId === session.sessionId)?.totalScore).toBe(posted.data.totalScore);
    const stored = await worker.d1
      .prepare("select previous_score, score, reason, grading_log_id from grade_overrides where session_id = ?")
      .bind(session.sessionId)
      .first<Record<string, unknown>>();
    expect(stored).toMatchObject({ previous_score: previous, score: 95, reason: "Names evaporation in its own words.", grading_log_id: expect.any(String) });

    // A model grade landing now (a slow job, which hands it to the object and has it flush)
    // replaces neither the object's grade nor D1's.
    const sessions = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
    const object = sessions.get(sessions.idFromName(session.sessionId));
    await object.applyModelGrade({ questionId: session.openQuestionId, grade: { score: 10, feedback: "Weak.", strengths: [], improvements: [] } });
    expect(await object.flush()).toEqual({ ok: true, written: true });
    expect((await admin.get(`/api/sessions/${session.sessionId}`)).data.answers[session.openQuestionId]).toMatchObject({
      gradingScore: 95,
      grading: "teacher",
    });
    expect(
      await worker.d1
        .prepare("select grading_score from session_answers where session_id = ? and question_id = ?")
        .bind(session.sessionId, session.openQuestionId)
        .first("grading_score"),
    ).toBe(95);

    // A second override: the newest is in force and the first is history.
    expect(
      (
        await admin.post(`/api/sessions/${session.sessionId}/grade-overrides`, {
          questionId: session.openQuestionId,
          score: 90,
          reason: "On reflection, one step is missing.",
        })
      ).data.override.previousScore,
    ).toBe(95);
    const review = await logsOf(session.sessionId);
    expect(review.gradingLogs[0].finalScore).toBe(90);
    expect(review.gradingLogs[0].overrides.map((entry: { score: number; previousScore: number }) => [entry.score, entry.previousScore])).toEqual([
      [95, previous],
      [90, 95],
    ]);
  });

  it("shows the teacher's grade on the teacher's results page", async () => {
    const session = await gradedSession(admin);
    await admin.post(`/api/sessions/${session.sessionId}/grade-overrides`, { questionId: session.openQuestionId, score: 88, reason: "Clear explanation." });
    const { demoAccounts } = await import("../support/worker");
    const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const html = await (await worker.request(`/admin/results/${session.sessionId}`, { jar })).text();
    expect(html).toContain("Grading score: <!-- -->88<!-- -->/100");
    expect(html).toContain("Grade overridden by a teacher");
  });

  it("refuses bad bodies with 400 and records nothing", async () => {
    const url = `/api/sessions/${graded.sessionId}/grade-overrides`;
    const before = await count(worker, "grade_overrides");
    expect(await admin.post(url, { questionId: graded.openQuestionId, score: 101, reason: "Too generous" })).toEqual({
      status: 400,
      data: { message: "score: The score must be from 0 to 100" },
    });
    expect(await admin.post(url, { questionId: graded.openQuestionId, score: 50, reason: "   " })).toEqual({
      status: 400,
      data: { message: "reason: Give a reason for the new grade" },
    });
    expect(await admin.post(url, { questionId: graded.openQuestionId, reason: "No score" })).toEqual({
      status: 400,
      data: { message: "score: Enter a score from 0 to 100" },
    });
    expect(await admin.post(url, { questionId: graded.openQuestionId, score: 50, reason: "x".repeat(1001) })).toEqual({
      status: 400,
      data: { message: "reason: The reason must be at most 1,000 characters" },
    });
    const choice = await admin.post(url, { questionId: graded.choiceQuestionId, score: 50, reason: "Partly right" });
    expect(choice.status).toBe(400);
    expect(choice.data.message).toContain("choice questions are scored by their answer key");
    expect((await admin.post(url, "{not json")).status).toBe(400);
    expect(await count(worker, "grade_overrides")).toBe(before);
  });

  it("is for admins, and 404 names what is missing", async () => {
    const body = { questionId: graded.openQuestionId, score: 70, reason: "Fair" };
    expect((await anonymous.post(`/api/sessions/${graded.sessionId}/grade-overrides`, body)).status).toBe(401);
    expect((await student.post(`/api/sessions/${graded.sessionId}/grade-overrides`, body)).status).toBe(403);
    expect(await admin.post("/api/sessions/no-such-session/grade-overrides", body)).toEqual({ status: 404, data: { message: "Session Not Found" } });
    expect(await admin.post(`/api/sessions/${graded.sessionId}/grade-overrides`, { ...body, questionId: "no-such-question" })).toEqual({
      status: 404,
      data: { message: "Question Not Found" },
    });
    expect((await admin.get(`/api/sessions/${graded.sessionId}/grade-overrides`)).status).toBe(405);
  });
});

describe("the AI Grading Review screen", () => {
  const formPost = async (sessionId: string, fields: Record<string, string>, asData = true) => {
    const { demoAccounts } = await import("../support/worker");
    const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const path = `/admin/ai-grading/${sessionId}${asData ? `?_data=${encodeURIComponent("routes/admin.ai-grading.$sessionId")}` : ""}`;
    return worker.request(path, { method: "POST", jar, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
  };
  const page = async (path: string) => {
    const { demoAccounts } = await import("../support/worker");
    const response = await worker.request(path, { jar: await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password) });
    return { status: response.status, html: await response.text() };
  };

  it("renders the review, 'Session Not Found' for an unknown session and 'Invalid Session' without one", async () => {
    const review = await page(`/admin/ai-grading/${graded.sessionId}`);
    expect(review.status).toBe(200);
    expect(review.html).toContain("AI Grading Review");
    expect(review.html).toContain("Explain how puddles disappear on a sunny day.");
    const missing = await page("/admin/ai-grading/no-such-session");
    expect(missing.status).toBe(404);
    expect(missing.html).toContain("Session Not Found");
    expect((await page("/admin/ai-grading")).html).toContain("Invalid Session");
  });

  it("overrides with the 'override' intent: field errors in the teacher's words, then 'Grade Overridden'", async () => {
    const session = await gradedSession(admin);
    const refused = await formPost(session.sessionId, { intent: "override", questionId: session.openQuestionId, score: "", reason: "" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      ok: false,
      intent: "override",
      fieldErrors: { score: "Enter a score from 0 to 100", reason: "Give a reason for the new grade" },
    });
    const choice = await formPost(session.sessionId, { intent: "override", questionId: session.choiceQuestionId, score: "50", reason: "Partly" });
    expect(choice.status).toBe(400);
    expect(((await choice.json()) as { toast: { description: string } }).toast.description).toContain("choice questions");
    const done = await formPost(session.sessionId, { intent: "override", questionId: session.openQuestionId, score: "77", reason: "Fair" });
    expect(await done.json()).toMatchObject({ ok: true, intent: "override", toast: { title: "Grade Overridden" } });
    // Without JavaScript the page comes back with the new grade in force.
    const plain = await formPost(session.sessionId, { intent: "override", questionId: session.openQuestionId, score: "81", reason: "Second look" }, false);
    const html = await plain.text();
    expect(html).toContain("Second look");
    expect(html).toContain("Final grade (set by a teacher)");
  });
});
