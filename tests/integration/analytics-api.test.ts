import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sessionAnswers, testSessionRecords } from "~/db/schema";
import { scaleScoreOfTheta, scaleSeOfThetaSe, thetaOfScale } from "~/domain/adaptive/scale";
import { addDays, utcDayOf } from "~/domain/growth/testing-windows";
import type { Difficulty } from "~/domain/questions/question-types";

import { type ApiClient, apiClient, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { answerFor } from "../support/session-answers";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * Cohort Analytics through the Worker: GET /api/analytics/cohort/{id} and the two
 * CSV exports, on a class whose sessions are written straight to D1 (exact, hand-checked figures)
 * and on the demo class after one student took the demo test through the real engine.
 */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let adminJar: CookieJar;
let demoTestId: string;
let demoTestTitle: string;
let demoClassId: string;
let fixtureClassId: string;
let emptyClassId: string;

const ATTACKER = "=cmd|' /C calc'!A0";
const MINUTE = 60_000;

type AnswerSpec = [questionId: string, right: boolean, difficulty: Difficulty];
const QUESTION_TEXT: Record<string, string> = {
  "q-a": "<p>Is <strong>½</strong> more than ⅓?</p>",
  "q-b": "<p>Solve 2x + 3 = 11</p>",
};

async function insertSession(
  classId: string,
  spec: { userId: string; testConfigId: string | null; totalScore: number | null; answers: AnswerSpec[]; minutes?: number; start?: Date },
) {
  const id = crypto.randomUUID();
  const completed = spec.totalScore !== null;
  const start = spec.start ?? new Date(Date.UTC(2026, 10, 20, 9, 0));
  await worker.db.insert(testSessionRecords).values({
    id,
    cohortId: classId,
    testConfigId: spec.testConfigId,
    testTitle: demoTestTitle,
    userId: spec.userId,
    testMode: "placement",
    startTime: start,
    endTime: completed ? new Date(start.getTime() + (spec.minutes ?? 10) * MINUTE) : null,
    completed,
    totalScore: spec.totalScore,
    // Sessions store θ; each stands for the scale score 180 + percent / 2.5.
    theta: spec.totalScore === null ? null : thetaOfScale(180 + spec.totalScore / 2.5),
    competenciesStatus: completed ? { Fractions: spec.totalScore! >= 60 ? "mastered" : "not_mastered" } : {},
    moduleRecommendations: completed ? { Number: spec.totalScore! >= 60 ? "Mastered" : "Recommended" } : {},
    questionsAnswered: spec.answers.length,
  });
  if (spec.answers.length) {
    await worker.db.insert(sessionAnswers).values(
      spec.answers.map(([questionId, right, difficulty]) => ({
        sessionId: id,
        questionId,
        questionText: QUESTION_TEXT[questionId]!,
        questionType: "multiple_choice" as const,
        difficulty,
        pointsEarned: right ? 2 : 0,
        maxPoints: 2,
        wasCorrect: right,
      })),
    );
  }
  return id;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** One signed-out student joins the demo class and takes the demo test to the end through the engine. */
async function takeDemoTest(studentId: string) {
  const browser = apiClient(worker, new CookieJar());
  const started = await browser.post("/api/sessions/start", { testConfigId: demoTestId, testMode: "placement", userId: studentId, cohortId: demoClassId });
  const sessionId = started.data.sessionId as string;
  let question = (await browser.get(`/api/sessions/${sessionId}/next-question`)).data.question;
  let answered = 0;
  for (let step = 0; question && step < 60; step++) {
    const submitted = await browser.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer: answerFor(question), timeSpentSeconds: 5 });
    answered += 1;
    question = submitted.data.completed ? null : submitted.data.nextQuestion;
  }
  // D1 follows the session object behind it: wait for the record and every answer.
  await waitFor(
    () =>
      worker.d1
        .prepare("select s.completed, (select count(*) from session_answers a where a.session_id = s.id) as n from sessions s where s.id = ?")
        .bind(sessionId)
        .first<{ completed: number; n: number }>(),
    (row) => row?.completed === 1 && row.n === answered,
  );
  return { sessionId, answered };
}

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
  adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  const demoClass = (await worker.d1
    .prepare("select id, test_config_id from cohorts where join_code = 'DEMOCLASS'")
    .first<{ id: string; test_config_id: string }>())!;
  demoClassId = demoClass.id;
  demoTestId = demoClass.test_config_id;
  demoTestTitle = (await worker.d1.prepare("select title from tests where id = ?").bind(demoTestId).first<{ title: string }>())!.title;
  fixtureClassId = (await admin.post("/api/cohorts", { name: "Analytics fixtures", testConfigId: demoTestId })).data.id;
  emptyClassId = (await admin.post("/api/cohorts", { name: "Nobody yet" })).data.id;

  // Completed scores 20, 50, 80, 90: average 60 (60% of it: 36), P25 42.5, so only the 20 struggles.
  await insertSession(fixtureClassId, {
    userId: ATTACKER,
    testConfigId: demoTestId,
    totalScore: 20,
    answers: [
      ["q-a", false, "easy"],
      ["q-b", false, "hard"],
    ],
    minutes: 6,
  });
  await insertSession(fixtureClassId, {
    userId: "ana",
    testConfigId: demoTestId,
    totalScore: 50,
    answers: [
      ["q-a", true, "easy"],
      ["q-b", false, "hard"],
    ],
    minutes: 8,
  });
  // Ben joined the class by name (ADR 0016); the others' sessions have no member row.
  await worker.d1
    .prepare("insert into cohort_members (id, cohort_id, student_id, display_name) values (?, ?, 'ben', 'Ben Okafor')")
    .bind(crypto.randomUUID(), fixtureClassId)
    .run();
  await insertSession(fixtureClassId, {
    userId: "ben",
    testConfigId: demoTestId,
    totalScore: 80,
    answers: [
      ["q-a", true, "easy"],
      ["q-b", true, "hard"],
    ],
    minutes: 12,
  });
  await insertSession(fixtureClassId, {
    userId: "cy",
    testConfigId: demoTestId,
    totalScore: 90,
    answers: [
      ["q-a", true, "easy"],
      ["q-b", true, "hard"],
    ],
    minutes: 14,
  });
  await insertSession(fixtureClassId, { userId: "dee", testConfigId: demoTestId, totalScore: null, answers: [["q-a", false, "easy"]] });
  // A session whose test was deleted since: in the class's report on every test, not on the demo test's.
  await insertSession(fixtureClassId, { userId: "old", testConfigId: null, totalScore: 100, answers: [["q-a", true, "easy"]] });
}, 120_000);
afterAll(() => worker?.dispose());

const reportPath = (classId: string, testConfigId?: string) =>
  `/api/analytics/cohort/${classId}${testConfigId === undefined ? "" : `?testConfigId=${encodeURIComponent(testConfigId)}`}`;

describe("GET /api/analytics/cohort/{cohortId}", () => {
  it("reports a class on one test with the product's figures and the engine's additions", async () => {
    const { status, data } = await admin.get(reportPath(fixtureClassId, demoTestId));
    expect(status).toBe(200);
    expect(data).toMatchObject({
      testName: demoTestTitle,
      cohortId: fixtureClassId,
      totalSessions: 5,
      completedSessions: 4,
      completionRate: 80,
      averageScore: 60,
      scoreDistribution: { min: 20, max: 90, median: 65, stdDev: 27.4 },
      averageTimeMinutes: 10,
      competencyMastery: { Fractions: { name: "Fractions", mastered: 2, total: 4, percentage: 50, needsAttention: true } },
      moduleRecommendations: { Number: 2 },
    });
    expect(data.strugglingStudents).toEqual([
      expect.objectContaining({ studentId: ATTACKER, percentageScore: 20, score: 0, questionsAnswered: 2, competenciesMastered: 0, needsHelp: "urgent" }),
    ]);
    expect(data.insights.map((insight: { type: string }) => insight.type)).toEqual(["alert", "warning", "info"]);
    expect(data.studentPerformance.find((row: { studentId: string }) => row.studentId === "ben")).toMatchObject({ studentName: "Ben Okafor" });
    expect(data.studentPerformance.find((row: { studentId: string }) => row.studentId === "dee")).toMatchObject({
      studentName: null,
      completed: false,
      timeMinutes: null,
      scaleScore: null,
      questionsAnswered: 1,
    });
    expect(
      data.questionAnalytics.map((row: Record<string, unknown>) => [row.questionId, row.questionText, row.totalAttempts, row.successRate, row.isDifficult]),
    ).toEqual([
      ["q-b", "Solve 2x + 3 = 11", 4, 50, false],
      ["q-a", "Is ½ more than ⅓?", 5, 60, false],
    ]);
    // q-a has 5 answers (enough to calibrate), q-b only 4.
    expect(data.allQuestionAnalytics.map((row: { calibratedDifficulty: number | null }) => row.calibratedDifficulty)).toEqual([null, expect.any(Number)]);
    expect(data.questionAnalytics[0].discrimination).toBeGreaterThan(0.5);
    expect(data.scoreHistogram).toHaveLength(10);
    expect(data.scoreHistogram.filter((bin: { count: number }) => bin.count).map((bin: { from: number }) => bin.from)).toEqual([20, 50, 80, 90]);
    expect(data.scaleScoreDistribution).toMatchObject({ count: 4, mean: 204, median: 206 });
  });

  it("reports every session of the class without a test, named after its default test", async () => {
    const { status, data } = await admin.get(reportPath(fixtureClassId));
    expect(status).toBe(200);
    expect(data).toMatchObject({ testName: demoTestTitle, totalSessions: 6, completedSessions: 5, averageScore: 68 });
    expect(data.studentPerformance.map((row: { studentId: string }) => row.studentId)).toContain("old");
    // A blank test id (the search card's optional field) is the same as none.
    expect((await admin.get(reportPath(fixtureClassId, ""))).data.totalSessions).toBe(6);
  });

  it("answers a class with no sessions, and a test that does not exist, with an empty report", async () => {
    const empty = await admin.get(reportPath(emptyClassId));
    expect(empty.status).toBe(200);
    expect(empty.data).toMatchObject({ testName: "All tests", totalSessions: 0, averageScore: 0, questionAnalytics: [], insights: [] });
    const unknownTest = await admin.get(reportPath(fixtureClassId, "no-such-test"));
    expect(unknownTest.status).toBe(200);
    expect(unknownTest.data).toMatchObject({ testName: "Unknown test", totalSessions: 0 });
  });

  it("reads partial credit, an ungraded answer and a damaged results map as they are", async () => {
    const classId = (await admin.post("/api/cohorts", { name: "Partial credit" })).data.id as string;
    const sessionId = crypto.randomUUID();
    await worker.d1
      .prepare(
        "insert into sessions (id, cohort_id, test_title, user_id, test_mode, start_time, end_time, completed, total_score, competencies_status) values (?, ?, 'Essay', 'eve', 'diagnostic', 0, 300000, 1, 37.5, '{broken')",
      )
      .bind(sessionId, classId)
      .run();
    await worker.d1
      .prepare(
        "insert into session_answers (session_id, question_id, question_text, question_type, difficulty, points_earned, max_points, was_correct) values (?, 'essay-1', 'Explain <em>erosion</em>', 'free_response', 'hard', 1.125, 3, null)",
      )
      .bind(sessionId)
      .run();
    const { status, data } = await admin.get(reportPath(classId));
    expect(status).toBe(200);
    expect(data.studentPerformance).toEqual([
      expect.objectContaining({ studentId: "eve", score: 1.1, percentageScore: 37.5, competenciesMastered: 0, timeMinutes: 5 }),
    ]);
    expect(data.competencyMastery).toEqual({});
    expect(data.questionAnalytics).toEqual([
      expect.objectContaining({
        questionId: "essay-1",
        questionText: "Explain erosion",
        questionType: "free_response",
        averageScore: 1.1,
        maxPoints: 3,
        successRate: 0,
      }),
    ]);
  });

  it("reports a session taken through the real engine, as D1 recorded it", async () => {
    const { sessionId, answered } = await takeDemoTest("real-student-1");
    const { status, data } = await admin.get(reportPath(demoClassId, demoTestId));
    expect(status).toBe(200);
    const record = (await worker.d1
      .prepare("select total_score, scale_score, scale_score_se, theta, theta_se from sessions where id = ?")
      .bind(sessionId)
      .first<{ total_score: number; scale_score: number; scale_score_se: number; theta: number; theta_se: number }>())!;
    // The object stores θ and its SE; the scale score written beside them is what the readers derive from θ.
    expect(scaleScoreOfTheta(record.theta)).toBe(record.scale_score);
    expect(scaleSeOfThetaSe(record.theta_se)).toBe(record.scale_score_se);
    expect(data).toMatchObject({ totalSessions: 1, completedSessions: 1, averageScore: record.total_score });
    expect(data.studentPerformance).toEqual([
      expect.objectContaining({
        sessionId,
        studentId: "real-student-1",
        completed: true,
        questionsAnswered: answered,
        percentageScore: record.total_score,
        scaleScore: record.scale_score,
      }),
    ]);
    expect(data.allQuestionAnalytics).toHaveLength(answered);
    expect(
      data.allQuestionAnalytics.every(
        (row: { totalAttempts: number; questionText: string; calibratedDifficulty: null }) =>
          row.totalAttempts === 1 && row.questionText.length > 0 && !row.questionText.includes("<") && row.calibratedDifficulty === null,
      ),
    ).toBe(true);
    expect(data.scaleScoreDistribution.count).toBe(1);
  }, 120_000);

  it("refuses malformed ids (400), the signed out (401), students (403), unknown classes (404) and other methods (405)", async () => {
    expect(await admin.get("/api/analytics/cohort/not%20an%20id")).toEqual({ status: 400, data: { message: "cohortId must be a class id" } });
    expect(await admin.get(reportPath(fixtureClassId, "x'; drop table tests"))).toEqual({ status: 400, data: { message: "testConfigId must be a test id" } });
    expect((await admin.get(`/api/analytics/cohort/${"x".repeat(201)}`)).status).toBe(400);
    expect((await anonymous.get(reportPath(fixtureClassId))).status).toBe(401);
    expect((await student.get(reportPath(fixtureClassId))).status).toBe(403);
    expect(await admin.get(reportPath("no-such-class"))).toEqual({ status: 404, data: { message: "Class Not Found" } });
    const post = await worker.request(reportPath(fixtureClassId), { method: "POST", jar: adminJar });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toBe("GET");
  });
});

describe("CSV exports", () => {
  const download = (kind: string, query: string, jar: CookieJar | null = adminJar) =>
    worker.request(`/admin/analytics/export/${kind}?${query}`, { jar: jar ?? undefined });

  it("exports per-student performance with each student's name, a student id starting with = neutralised", async () => {
    const response = await download("students", `cohortId=${fixtureClassId}&testConfigId=${demoTestId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="analytics-students-${fixtureClassId}-${demoTestId}.csv"`);
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Session ID,Student ID,Student name,Completed,Ended early,Score (points),Score (%),Scale score,Questions answered,Competencies mastered,Time (min),Needs help,Non-standard",
    );
    expect(lines).toHaveLength(6);
    const attacker = lines.find((line) => line.includes("cmd|"))!;
    expect(attacker).toMatch(/^[0-9a-f-]{36},"'=cmd\|' \/C calc'!A0",,Yes,No,0,20,188,2,0,6,urgent,No$/);
    expect(lines.find((line) => line.includes(",ben,"))).toMatch(/,ben,Ben Okafor,Yes,No,4,80,212,2,1,12,,No$/);
    expect(lines.find((line) => line.includes(",dee,"))).toMatch(/,dee,,No,No,0,,,1,0,,,No$/);
  });

  it("exports every question as plain text with its figures", async () => {
    const response = await download("questions", `cohortId=${fixtureClassId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="analytics-questions-${fixtureClassId}.csv"`);
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      "Question ID,Question,Type,Difficulty label,Attempts,Average points,Max points,Success rate (%),Calibrated difficulty,Discrimination (point-biserial),Difficult?",
    );
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 5).join(","))).toEqual([
      "q-b,Solve 2x + 3 = 11,multiple_choice,hard,4",
      "q-a,Is ½ more than ⅓?,multiple_choice,easy,6",
    ]);
    expect(lines[2]).toMatch(/,2,66\.7,-?\d+(\.\d+)?,[\d.]+,No$/);
  });

  it("refuses what the API refuses: 400, signed out, students, unknown classes", async () => {
    expect((await download("students", "cohortId=a%20b")).status).toBe(400);
    expect((await download("questions", "")).status).toBe(400);
    expect((await download("questions", `cohortId=${fixtureClassId}&testConfigId=%3D1`)).status).toBe(400);
    expect((await download("students", "cohortId=no-such-class")).status).toBe(404);
    const signedOut = await download("students", `cohortId=${fixtureClassId}`, null);
    expect(signedOut.status).toBe(401);
    const studentJar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    expect((await download("questions", `cohortId=${fixtureClassId}`, studentJar)).status).toBe(403);
  });
});

// Last in the file: the windows made here change which sessions the reports above read by default.
describe("by testing window, each student once", () => {
  let classId: string;
  const windowIds: Record<string, string> = {};
  const today = utcDayOf(Date.now());
  const rows = (data: { studentPerformance: { studentId: string; percentageScore: number; completed: boolean }[] }) =>
    data.studentPerformance.map((row) => [row.studentId, row.completed ? row.percentageScore : null]).sort();
  const path = (windowId?: string) => `/api/analytics/cohort/${classId}${windowId ? `?windowId=${windowId}` : ""}`;

  beforeAll(async () => {
    classId = (await admin.post("/api/cohorts", { name: "Two windows", testConfigId: demoTestId })).data.id;
    for (const window of [
      { name: "Fall 2025", startsOn: "2025-09-01", endsOn: "2025-09-30" },
      { name: "Winter 2026", startsOn: "2026-01-05", endsOn: "2026-01-30" },
      { name: "This week", startsOn: addDays(today, -3), endsOn: addDays(today, 3) },
    ]) {
      const created = await admin.post("/api/windows", window);
      expect(created.status).toBe(201);
      windowIds[window.name] = created.data.id;
    }
    const sit = (userId: string, day: string, totalScore: number | null) =>
      insertSession(classId, {
        userId,
        testConfigId: demoTestId,
        totalScore,
        answers: [["q-a", (totalScore ?? 0) >= 50, "easy"]],
        start: new Date(`${day}T15:00:00Z`),
      });
    // Ana and Ben test in both windows; in Winter Ana sits twice and then starts a third she leaves unfinished.
    await sit("ana", "2025-09-10", 30);
    await sit("ben", "2025-09-11", 60);
    await sit("ana", "2026-01-06", 40);
    await sit("ben", "2026-01-07", 80);
    await sit("ana", "2026-01-20", 70);
    await sit("ana", "2026-01-21", null);
    await sit("cy", today, 90);
  });

  it("reads one window, each student once by their latest completed session in it", async () => {
    const fall = await admin.get(path(windowIds["Fall 2025"]));
    expect(fall.status).toBe(200);
    expect(fall.data).toMatchObject({ window: { id: windowIds["Fall 2025"], name: "Fall 2025", startsOn: "2025-09-01" }, totalSessions: 2, averageScore: 45 });
    expect(rows(fall.data)).toEqual([
      ["ana", 30],
      ["ben", 60],
    ]);
    const winter = (await admin.get(path(windowIds["Winter 2026"]))).data;
    expect(winter).toMatchObject({ totalSessions: 2, completedSessions: 2, completionRate: 100, averageScore: 75 });
    expect(rows(winter)).toEqual([
      ["ana", 70],
      ["ben", 80],
    ]);
    expect(winter.scoreHistogram.reduce((sum: number, bin: { count: number }) => sum + bin.count, 0)).toBe(2);
    expect(winter.scaleScoreDistribution.count).toBe(2);
  });

  it("reads the current window by default, and every window once per student with windowId=all", async () => {
    const current = (await admin.get(path())).data;
    expect(current).toMatchObject({ window: { name: "This week" }, totalSessions: 1 });
    expect(rows(current)).toEqual([["cy", 90]]);
    const all = (await admin.get(path("all"))).data;
    expect(all.window).toBeNull();
    expect(rows(all)).toEqual([
      ["ana", 70],
      ["ben", 80],
      ["cy", 90],
    ]);
  });

  it("exports the window asked for, and the page names its window and links its exports to it", async () => {
    const csv = await worker.request(`/admin/analytics/export/students?cohortId=${classId}&windowId=${windowIds["Winter 2026"]}`, { jar: adminJar });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",")[1])
        .sort(),
    ).toEqual(["ana", "ben"]);
    const page = await worker.request(`/admin/analytics?cohortId=${classId}`, { jar: adminJar });
    const html = await page.text();
    expect(html).toContain("Testing window <strong");
    expect(html).toContain("This week</strong>");
    expect(html).toContain(`/admin/analytics/export/students?cohortId=${classId}&amp;windowId=${windowIds["This week"]}`);
    expect(html).toContain(`<option value="${windowIds["Fall 2025"]}">Fall 2025 (Sep 1, 2025 – Sep 30, 2025)</option>`);
  });

  it("refuses a malformed window id (400) and answers an unknown one 404", async () => {
    expect(await admin.get(path("fall%202025"))).toEqual({ status: 400, data: { message: "windowId must be a testing window id or all" } });
    expect(await admin.get(path("no-such-window"))).toEqual({ status: 404, data: { message: "Testing Window Not Found" } });
    expect((await worker.request(`/admin/analytics/export/questions?cohortId=${classId}&windowId=no-such-window`, { jar: adminJar })).status).toBe(404);
  });
});
