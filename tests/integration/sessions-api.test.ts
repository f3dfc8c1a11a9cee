import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, count, demoClients } from "../support/api";
import type { CookieJar } from "../support/cookie-jar";
import { inLanguage } from "../support/pseudo-locale";
import { answerFor } from "../support/session-answers";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/** The session calls through the Worker: the object decides, D1 follows behind. */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let demoTestId: string;
let demoClassId: string;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
  demoClassId = (await worker.d1.prepare("select id from cohorts where join_code = 'DEMOCLASS'").first<{ id: string }>())!.id;
  demoTestId = (await worker.d1.prepare("select test_config_id as id from cohorts where id = ?").bind(demoClassId).first<{ id: string }>())!.id;
});
afterAll(() => worker?.dispose());

/** A signed-out browser that joined the demo class: its own cookie jar, so its own student pass. */
async function joinedStudent(studentId = `s-${crypto.randomUUID().slice(0, 8)}`, extra: Record<string, unknown> = {}) {
  const { CookieJar } = await import("../support/cookie-jar");
  const browser = apiClient(worker, new CookieJar());
  const started = await browser.post("/api/sessions/start", {
    testConfigId: demoTestId,
    testMode: "placement",
    userId: studentId,
    cohortId: demoClassId,
    ...extra,
  });
  return { browser, started, studentId, sessionId: started.data?.sessionId as string };
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe("POST /api/sessions/start", () => {
  it("starts a signed-out student's class test: both readings of the id, a resume code, a pass, and the D1 record", async () => {
    const { started, sessionId, studentId } = await joinedStudent();
    expect(started.status).toBe(201);
    expect(started.data).toMatchObject({
      sessionId,
      id: sessionId,
      testConfigId: demoTestId,
      userId: studentId,
      testMode: "placement",
      cohortId: demoClassId,
      completed: false,
    });
    expect(started.data.resumeCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(started.data.timeRemaining).toBeGreaterThan(0);
    const row = await worker.d1.prepare("select user_id, cohort_id, completed from sessions where id = ?").bind(sessionId).first();
    expect(row).toEqual({ user_id: studentId, cohort_id: demoClassId, completed: 0 });
  });

  it("refuses bad input with 400 and starts nothing", async () => {
    const before = await count(worker, "sessions");
    expect((await admin.post("/api/sessions/start", {})).status).toBe(400);
    expect(await admin.post("/api/sessions/start", { testConfigId: demoTestId, userId: "  " })).toEqual({
      status: 400,
      data: { message: "userId: Please enter both your name and student ID." },
    });
    expect((await admin.post("/api/sessions/start", { testConfigId: demoTestId, userId: "x", testMode: "hard" })).status).toBe(400);
    expect(await count(worker, "sessions")).toBe(before);
  });

  it("404 for an unknown test or class; signed out needs the class that offers the test", async () => {
    expect(await admin.post("/api/sessions/start", { testConfigId: "no-such-test", userId: "x" })).toEqual({
      status: 404,
      data: { message: "Test Not Found" },
    });
    expect((await anonymous.post("/api/sessions/start", { testConfigId: demoTestId, userId: "x", cohortId: "no-such-class" })).status).toBe(404);
    expect(await anonymous.post("/api/sessions/start", { testConfigId: demoTestId, userId: "x" })).toEqual({
      status: 401,
      data: { message: "Join your class to take this test." },
    });
  });

  it("writes the session's refusals in the student's language: Accept-Language, or the lang cookie (ADR 0045)", async () => {
    const ask = async (path: string, init: { method?: string; body?: unknown; jar?: CookieJar } = {}) => {
      const response = await worker.request(path, {
        method: init.method ?? "GET",
        jar: init.jar,
        headers: { "Accept-Language": "es-US,es;q=0.9", ...(init.body ? { "Content-Type": "application/json" } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: response.status, data: await response.json() };
    };
    expect(await ask("/api/sessions/start", { method: "POST", body: { testConfigId: demoTestId, userId: "x" } })).toEqual({
      status: 401,
      data: { message: "Únete a tu clase para hacer esta prueba." },
    });
    const first = await joinedStudent();
    const someoneElse = inLanguage(await worker.signIn(demoAccounts.student.email, demoAccounts.student.password), "es");
    expect(await ask(`/api/sessions/${first.sessionId}`, { jar: someoneElse })).toEqual({
      status: 403,
      data: { message: "Esta prueba es de otro estudiante." },
    });
    expect((await student.get(`/api/sessions/${first.sessionId}`)).data).toEqual({ message: "This test session belongs to another student." });
  });

  it("resumes on the same device, and elsewhere only with the resume code", async () => {
    const first = await joinedStudent();
    const again = await first.browser.post("/api/sessions/start", { testConfigId: demoTestId, userId: first.studentId, cohortId: demoClassId });
    expect(again).toMatchObject({ status: 200, data: { sessionId: first.sessionId, outcome: "resumed" } });

    const elsewhere = await joinedStudent(first.studentId);
    expect(elsewhere.started.status).toBe(409);
    expect(elsewhere.started.data.message).toContain("resume code");
    const wrong = await joinedStudent(first.studentId, { resumeCode: "AAAAAA" });
    expect(wrong.started.status).toBe(409);
    const resumed = await joinedStudent(first.studentId, { resumeCode: first.started.data.resumeCode.toLowerCase() });
    expect(resumed.started).toMatchObject({ status: 200, data: { sessionId: first.sessionId, outcome: "resumed" } });
    // The second device now holds the session too.
    expect((await resumed.browser.get(`/api/sessions/${first.sessionId}`)).status).toBe(200);
  });
});

describe("answering: GET next-question, POST submit", () => {
  it("takes the demo test to the end, every answer recorded once, results in the session and in D1", async () => {
    const { browser, sessionId } = await joinedStudent();
    let next = (await browser.get(`/api/sessions/${sessionId}/next-question`)).data;
    expect(next.question).toMatchObject({ number: 1 });
    expect(JSON.stringify(next)).not.toContain("isCorrect");
    const asked: string[] = [];
    for (let step = 0; next.question && step < 60; step++) {
      const question = next.question;
      asked.push(question.id);
      const submitted = await browser.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer: answerFor(question), timeSpentSeconds: 5 });
      expect(submitted.status).toBe(200);
      const grade = submitted.data.gradingResult;
      expect(grade.questionId).toBe(question.id);
      // A vague open answer its grader is unsure of waits for the teacher, with no mark shown (ADR 0036).
      if (grade.grading === "review") expect(grade).toMatchObject({ score: null, isCorrect: null });
      else expect(grade).toMatchObject({ score: expect.any(Number), isCorrect: expect.any(Boolean) });
      if (step === 0) {
        // A retried submit (a dropped connection) is answered with the first result and counted once.
        const retry = await browser.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer: answerFor(question), timeSpentSeconds: 9 });
        expect(retry.data).toMatchObject({ saved: "repeat", gradingResult: submitted.data.gradingResult });
      }
      next = submitted.data.completed ? { question: null } : { question: submitted.data.nextQuestion };
    }
    expect(new Set(asked).size).toBe(asked.length);
    const session = (await browser.get(`/api/sessions/${sessionId}`)).data;
    expect(session).toMatchObject({ completed: true, completedReason: "stopping_rule", questionsAnswered: asked.length });
    expect(session.totalScore).toBeGreaterThanOrEqual(0);
    expect(session.scaleScore).toEqual(expect.any(Number));
    expect(Object.keys(session.answers)).toEqual(asked);
    expect(Object.values(session.competenciesStatus).every((status) => ["mastered", "not_mastered", "not_assessed"].includes(String(status)))).toBe(true);
    expect(Object.values(session.moduleRecommendations).every((label) => label === "Mastered" || label === "Recommended")).toBe(true);

    // D1 receives the record and each answer exactly once, behind the object.
    const stored = await waitFor(
      () => worker.d1.prepare("select count(*) as n from session_answers where session_id = ?").bind(sessionId).first<{ n: number }>(),
      (row) => row?.n === asked.length,
    );
    expect(stored?.n).toBe(asked.length);
    const record = await waitFor(
      () => worker.d1.prepare("select completed, total_score, questions_answered from sessions where id = ?").bind(sessionId).first<Record<string, number>>(),
      (row) => row?.completed === 1,
    );
    expect(record).toMatchObject({ completed: 1, total_score: session.totalScore, questions_answered: asked.length });
  });

  it("refuses an answer to a question that is not being asked (409), a wrong form (400), and after completion (409)", async () => {
    const { browser, sessionId } = await joinedStudent();
    const { question } = (await browser.get(`/api/sessions/${sessionId}/next-question`)).data;
    expect((await browser.post(`/api/sessions/${sessionId}/submit`, { questionId: "not-asked", answer: "x", timeSpentSeconds: 1 })).status).toBe(409);
    const wrongForm = question.type === "multiple_select" ? "a text" : ["a", "list"];
    expect((await browser.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer: wrongForm, timeSpentSeconds: 1 })).status).toBe(400);
    expect((await browser.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id })).status).toBe(400);
    const completed = await browser.post(`/api/sessions/${sessionId}/complete`);
    expect(completed).toMatchObject({ status: 200, data: { completed: true, completedReason: "submitted" } });
    expect(
      (await browser.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer: answerFor(question), timeSpentSeconds: 1 })).status,
    ).toBe(409);
    expect((await browser.get(`/api/sessions/${sessionId}/next-question`)).data).toMatchObject({ question: null, completed: true });
  });
});

describe("who may call the session routes", () => {
  it("401 signed out without the pass, 403 for another user or another session's pass; the admin may read any", async () => {
    const { sessionId } = await joinedStudent();
    const other = await joinedStudent();
    const paths = [`/api/sessions/${sessionId}`, `/api/sessions/${sessionId}/next-question`];
    for (const path of paths) {
      expect((await anonymous.get(path)).status).toBe(401);
      expect((await student.get(path)).status).toBe(403);
      expect((await other.browser.get(path)).status).toBe(401);
      expect((await admin.get(path)).status).toBe(200);
    }
    const submit = { questionId: "q", answer: "a", timeSpentSeconds: 1 };
    expect((await other.browser.post(`/api/sessions/${sessionId}/submit`, submit)).status).toBe(401);
    expect((await student.post(`/api/sessions/${sessionId}/complete`)).status).toBe(403);
  });

  it("404 for an unknown session (to an admin), 405 for the wrong method", async () => {
    expect(await admin.get("/api/sessions/no-such-session")).toEqual({ status: 404, data: { message: "Session Not Found" } });
    expect((await admin.post("/api/sessions/no-such-session/submit", { questionId: "q", answer: "a", timeSpentSeconds: 1 })).status).toBe(404);
    expect((await admin.post("/api/sessions/no-such-session/complete")).status).toBe(404);
    expect((await admin.post("/api/sessions/no-such-session")).status).toBe(405);
    expect((await admin.get("/api/sessions/start")).status).toBe(405);
  });
});

describe("one session in progress per student, test and class", () => {
  it("lets two racing starts make one session: the other is told to resume", async () => {
    const studentId = `race-${crypto.randomUUID().slice(0, 8)}`;
    const [a, b] = await Promise.all([joinedStudent(studentId), joinedStudent(studentId)]);
    const statuses = [a.started.status, b.started.status].sort();
    expect(statuses).toEqual([201, 409]);
    const rows = await worker.d1.prepare("select count(*) as n from sessions where user_id = ? and completed = 0").bind(studentId).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("starts a new session (a retake) once the first is completed, even before D1 has caught up", async () => {
    const first = await joinedStudent();
    await first.browser.post(`/api/sessions/${first.sessionId}/complete`);
    const retake = await first.browser.post("/api/sessions/start", { testConfigId: demoTestId, userId: first.studentId, cohortId: demoClassId });
    expect(retake.status).toBe(201);
    expect(retake.data.sessionId).not.toBe(first.sessionId);
    // The first session's row was brought up to date whole, not just marked over: lists show when and how it ended.
    const row = await worker.d1.prepare("select completed, end_time, completion_reason from sessions where id = ?").bind(first.sessionId).first();
    expect(row).toEqual({ completed: 1, end_time: expect.any(Number), completion_reason: "submitted" });
  });
});
