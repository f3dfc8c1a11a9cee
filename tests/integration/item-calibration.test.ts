import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { estimateAbility } from "~/domain/adaptive/ability";
import type { ItemCalibratorRpc } from "~/domain/adaptive/calibrator-contract";
import { CALIBRATOR_NAME } from "~/domain/adaptive/calibrator-contract";
import { scaleOfTheta } from "~/domain/adaptive/scale";
import type { TestSessionRpc } from "~/domain/sessions/session-contract";

import { type ApiClient, demoClients } from "../support/api";
import { runDurableObjectAlarm, scheduledAlarm, storedKeys } from "../support/durable-object-alarms";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * Items that learn (ADR 0033) through the real Worker: completed sessions reach the item
 * calibrator object, which moves the parameters of the questions a standard, effortful session
 * answered and leaves rapid guessers and non-standard sessions out; the daily cron runs the linked
 * EM recalibration; the question API shows each question's calibration; and a new session
 * measures with calibrated parameters once a question has enough answers.
 */
let worker: TestWorker;
let admin: ApiClient;
let anonymous: ApiClient;
let testId: string;
let classId: string;
let questionIds: string[];

const QUESTIONS = 6;

async function createTest(title: string): Promise<{ testId: string; questionIds: string[] }> {
  const ids: string[] = [];
  for (let index = 0; index < QUESTIONS; index++) {
    const created = await admin.post("/api/questions", {
      text: `${title}: which is ${index + 3} × 2?`,
      type: "multiple_choice",
      difficulty: "medium",
      options: [0, 1, 2, 3].map((offset) => ({ text: String(2 * (index + 3) + offset), isCorrect: offset === 0, score: offset === 0 ? 1 : 0 })),
    });
    expect(created.status).toBe(201);
    ids.push(created.data.id);
  }
  const test = await admin.post("/api/tests", {
    title,
    description: "d",
    gradeLevel: "6",
    subject: "Math",
    placementDuration: 60,
    diagnosticDuration: 60,
    questions: ids.map((id) => ({ id })),
  });
  expect(test.status).toBe(201);
  return { testId: test.data.id, questionIds: ids };
}

type Question = { id: string; options: string[] };

/** How far the Worker's clock runs ahead: it only moves forward, so sessions keep their order. */
let clockMs = 0;

/**
 * Takes a whole session: each answer after `seconds` of thought, right or wrong, then ends it. The
 * server times answers itself (ADR 0032), so the Worker's clock is moved on by those seconds.
 */
async function takeSession(options: {
  test: string;
  cohort: string;
  userId: string;
  seconds: number;
  answer: (question: Question) => string;
  answers?: number;
}) {
  const started = await admin.post("/api/sessions/start", {
    testConfigId: options.test,
    testMode: "placement",
    userId: options.userId,
    cohortId: options.cohort,
  });
  expect(started.status).toBe(201);
  const sessionId = started.data.sessionId as string;
  for (let given = 0; given < (options.answers ?? QUESTIONS); given++) {
    const next = (await admin.get(`/api/sessions/${sessionId}/next-question`)).data as { question: Question | null };
    if (!next.question) break;
    clockMs += options.seconds * 1000;
    await worker.setClockOffset(clockMs);
    const answered = await admin.post(`/api/sessions/${sessionId}/submit`, {
      questionId: next.question.id,
      answer: options.answer(next.question),
      timeSpentSeconds: options.seconds,
    });
    expect(answered.status).toBe(200);
  }
  await admin.post(`/api/sessions/${sessionId}/complete`);
  // Written to D1 now rather than by the object's alarm a few seconds later.
  const namespace = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
  expect(await namespace.get(namespace.idFromName(sessionId)).flush()).toMatchObject({ ok: true, written: true });
  return sessionId;
}

async function theCalibrator() {
  const namespace = (await worker.mf.getDurableObjectNamespace("ITEM_CALIBRATOR")) as unknown as DurableObjectNamespace<ItemCalibratorRpc>;
  return namespace.get(namespace.idFromName(CALIBRATOR_NAME));
}

/** Waits until the calibrator has read the session, without flushing what it holds to D1. */
async function calibrationStamped(sessionId: string) {
  await expect
    .poll(
      async () => (await worker.d1.prepare("select calibration_use as use from sessions where id = ?").bind(sessionId).first<{ use: string | null }>())?.use,
      {
        timeout: 20_000,
      },
    )
    .not.toBeNull();
}

/** Waits until the calibrator has read the session, then flushes the rows it holds to D1, as the bank's readers see them at the latest. */
async function calibrationUse(sessionId: string) {
  await calibrationStamped(sessionId);
  await (await theCalibrator()).flush();
  return (await worker.d1
    .prepare("select calibration_use as use, effort from sessions where id = ?")
    .bind(sessionId)
    .first<{ use: string; effort: number }>())!;
}

const calibrationRow = (questionId: string) =>
  worker.d1
    .prepare("select a, b, responses, offered, served, typical_seconds as typicalSeconds from question_calibrations where question_id = ?")
    .bind(questionId)
    .first<{
      a: number;
      b: number;
      responses: number;
      offered: number;
      served: number;
      typicalSeconds: number | null;
    }>();

beforeAll(async () => {
  worker = await startWorker({ controllableClock: true, triggerableAlarms: true });
  ({ admin, anonymous } = await demoClients(worker));
  ({ testId, questionIds } = await createTest("Calibration check"));
  classId = (await admin.post("/api/cohorts", { name: "Calibration class", testConfigId: testId, testMode: "placement" })).data.id;
}, 90_000);
afterAll(() => worker?.dispose());

describe("the item calibrator", () => {
  it("moves the items a standard, effortful session answered, and counts what the test offered and served", async () => {
    const sessionId = await takeSession({ test: testId, cohort: classId, userId: "CAL-1", seconds: 20, answer: (question) => correctOption(question) });
    expect(await calibrationUse(sessionId)).toMatchObject({ use: "used", effort: 1 });
    const answered = await worker.d1.prepare("select question_id as id from session_answers where session_id = ?").bind(sessionId).all<{ id: string }>();
    expect(answered.results.length).toBeGreaterThan(0);
    for (const { id } of answered.results) {
      const row = (await calibrationRow(id))!;
      // Every answer right: each item turned out easier than its medium label's b = 0.
      expect(row.b).toBeLessThan(0);
      expect(row).toMatchObject({ responses: 1, offered: 1, served: 1 });
      expect(row.typicalSeconds).toBeGreaterThan(0);
    }
    const unanswered = questionIds.filter((id) => !answered.results.some((row) => row.id === id));
    for (const id of unanswered) expect(await calibrationRow(id)).toMatchObject({ responses: 0, offered: 1, served: 0 });
  });

  it("flags answers faster than the threshold as rapid guesses, shows the session's effort, and keeps it out of calibration", async () => {
    const before = await Promise.all(questionIds.map(calibrationRow));
    const sessionId = await takeSession({ test: testId, cohort: classId, userId: "CAL-rapid", seconds: 0, answer: (question) => question.options[1]! });
    expect(await calibrationUse(sessionId)).toMatchObject({ use: "low_effort", effort: 0 });
    const rapid = await worker.d1
      .prepare("select count(*) as n from session_answers where session_id = ? and rapid_guess = 1")
      .bind(sessionId)
      .first<{ n: number }>();
    expect(rapid!.n).toBeGreaterThan(0);
    const after = await Promise.all(questionIds.map(calibrationRow));
    expect(after.map((row) => [row!.a, row!.b, row!.responses])).toEqual(before.map((row) => [row!.a, row!.b, row!.responses]));
    const record = (await admin.get(`/api/sessions/${sessionId}`)).data;
    expect(record).toMatchObject({ effort: 0, lowEffort: true, effortNote: "This score may not reflect what the student knows." });
  });

  it("keeps a non-standard session out of calibration", async () => {
    const created = await admin.post("/api/students", { studentId: "CAL-reduced", givenName: "Reduced", familyName: "Choices", grade: "6" });
    await admin.post(`/api/cohorts/${classId}/roster/${created.data.id}`);
    await admin.put(`/api/students/${created.data.id}/accommodations`, { reducedChoices: true });
    const sessionId = await takeSession({
      test: testId,
      cohort: classId,
      userId: "CAL-reduced",
      seconds: 20,
      answer: (question) => question.options[0]!,
      answers: 2,
    });
    expect((await calibrationUse(sessionId)).use).toBe("non_standard");
  });

  it("updates each item's row in place without setting its key, which would rewrite the key's index entry: a written row to D1", async () => {
    await worker.d1.batch([
      worker.d1.prepare("create table key_writes (n integer not null)"),
      worker.d1.prepare("create trigger count_key_writes after update of question_id on question_calibrations begin insert into key_writes values (1); end"),
    ]);
    try {
      const before = await Promise.all(questionIds.map(calibrationRow));
      const sessionId = await takeSession({
        test: testId,
        cohort: classId,
        userId: "CAL-key",
        seconds: 20,
        answer: (question) => correctOption(question),
        answers: 2,
      });
      await calibrationUse(sessionId);
      const after = await Promise.all(questionIds.map(calibrationRow));
      expect(after.map((row) => row!.offered)).toEqual(before.map((row) => row!.offered + 1));
      expect(await worker.d1.prepare("select count(*) as n from key_writes").first()).toEqual({ n: 0 });
    } finally {
      await worker.d1.batch([worker.d1.prepare("drop trigger count_key_writes"), worker.d1.prepare("drop table key_writes")]);
    }
  });
});

describe("the calibrator's hold", () => {
  it("keeps a session's counts in its own storage, and writes them to D1 on its alarm or a flush", async () => {
    const calibrator = await theCalibrator();
    const before = await Promise.all(questionIds.map(calibrationRow));
    const first = await takeSession({ test: testId, cohort: classId, userId: "CAL-held-1", seconds: 20, answer: correctOption, answers: 2 });
    await calibrationStamped(first);
    // Read and stamped, but the counts wait in the object: D1's rows are as they were.
    expect(await Promise.all(questionIds.map(calibrationRow))).toEqual(before);
    expect((await storedKeys(calibrator)).filter((key) => key.startsWith("row:"))).toHaveLength(QUESTIONS);
    expect(await scheduledAlarm(calibrator)).not.toBeNull();
    expect(await runDurableObjectAlarm(calibrator)).toBe(true);
    const afterAlarm = await Promise.all(questionIds.map(calibrationRow));
    expect(afterAlarm.map((row) => row!.offered)).toEqual(before.map((row) => row!.offered + 1));
    expect(await storedKeys(calibrator)).toEqual([]);
    // A second session's counts build on the first's; the explicit flush writes them the same way.
    const second = await takeSession({ test: testId, cohort: classId, userId: "CAL-held-2", seconds: 20, answer: correctOption, answers: 2 });
    await calibrationStamped(second);
    expect(await calibrator.flush()).toEqual({ items: QUESTIONS });
    const afterFlush = await Promise.all(questionIds.map(calibrationRow));
    expect(afterFlush.map((row) => row!.offered)).toEqual(before.map((row) => row!.offered + 2));
    expect(afterFlush.reduce((sum, row) => sum + row!.served, 0)).toBe(before.reduce((sum, row) => sum + row!.served, 0) + 4);
    expect(await calibrator.flush()).toEqual({ items: 0 });
  });

  it("flushes by itself once 50 sessions are held", async () => {
    const calibrator = await theCalibrator();
    const before = await Promise.all(questionIds.map(calibrationRow));
    // Fifty completed sessions of the test with no answers: each counts as offering the test's questions.
    const ended = Date.now() - 3_600_000;
    const rows = Array.from(
      { length: 50 },
      (_, index) => `('held-${index}', '${testId}', 'Calibration check', 'held-${index}', 'placement', 1, ${ended + index})`,
    );
    await worker.d1.prepare(`insert into sessions (id, test_config_id, test_title, user_id, test_mode, completed, end_time) values ${rows.join(", ")}`).run();
    expect(await calibrator.applyPending()).toEqual({ sessionsRead: 50 });
    const after = await Promise.all(questionIds.map(calibrationRow));
    expect(after.map((row) => row!.offered)).toEqual(before.map((row) => row!.offered + 50));
    expect(await storedKeys(calibrator)).toEqual([]);
  });
});

describe("GET /api/questions/{id} with its calibration", () => {
  it("shows calibrated difficulty and discrimination with the answers behind them, and null before any answer", async () => {
    const answeredId = (await worker.d1.prepare("select question_id as id from question_calibrations where responses > 0 limit 1").first<{ id: string }>())!.id;
    const question = (await admin.get(`/api/questions/${answeredId}`)).data;
    expect(question.calibration).toMatchObject({ answers: 1, inUse: false, flags: [] });
    expect(typeof question.calibration.difficulty).toBe("number");
    expect(typeof question.calibration.discrimination).toBe("number");
    const fresh = await admin.post("/api/questions", { text: "Never asked", type: "free_response", difficulty: "easy", rubric: "Any" });
    expect((await admin.get(`/api/questions/${fresh.data.id}`)).data.calibration).toBeNull();
    expect((await anonymous.get(`/api/questions/${answeredId}`)).status).toBe(401);
    expect((await admin.get("/api/questions/no-such-question")).status).toBe(404);
  });

  it("flags a question whose answers disagree with its label, for a teacher to review", async () => {
    await worker.d1
      .prepare("update question_calibrations set b = 1.6, responses = 120, ability_correlation = 0.4 where question_id = ?")
      .bind(questionIds[0])
      .run();
    const question = (await admin.get(`/api/questions/${questionIds[0]}`)).data;
    expect(question.calibration).toMatchObject({ difficulty: 1.6, answers: 120, inUse: true });
    expect(question.calibration.flags.map((flag: { code: string }) => flag.code)).toEqual(["harder_than_label"]);
    const bank = await worker.request("/admin/question-bank?search=Calibration%20check", {
      jar: await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password),
    });
    const html = await bank.text();
    expect(html).toContain("Calibrated: difficulty 1.60");
    expect(html).toContain("Review: Students find this harder than its label says");
  });
});

describe("a new session's parameters", () => {
  it("are the calibrated ones once a question has enough answers, the label's before", async () => {
    const fresh = await createTest("Calibrated parameters");
    const schoolClass = (await admin.post("/api/cohorts", { name: "Calibrated class", testConfigId: fresh.testId, testMode: "placement" })).data.id as string;
    for (const id of fresh.questionIds) {
      await worker.d1.prepare("insert into question_calibrations (question_id, a, b, responses) values (?, 1.5, 2, 100)").bind(id).run();
    }
    const sessionId = await takeSession({ test: fresh.testId, cohort: schoolClass, userId: "CAL-params", seconds: 20, answer: correctOption, answers: 1 });
    const expected = estimateAbility([{ item: { a: 1.5, b: 2 }, score: 1 }]);
    const labelOnly = estimateAbility([{ item: { a: 1, b: 0 }, score: 1 }]);
    const record = (await admin.get(`/api/sessions/${sessionId}`)).data;
    expect(record.scaleScore).toBeCloseTo(scaleOfTheta(expected.theta), 0);
    expect(Math.abs(record.scaleScore - scaleOfTheta(labelOnly.theta))).toBeGreaterThan(1);
  });
});

describe("the daily recalibration (cron)", () => {
  const runCron = async () => (await worker.mf.getWorker()).scheduled({ cron: "17 3 * * *" });
  const latestRun = () =>
    worker.d1
      .prepare("select outcome, sessions, anchors, link_slope as slope, link_intercept as intercept from calibration_runs order by created_at desc limit 1")
      .first<{
        outcome: string;
        sessions: number;
        anchors: number;
        slope: number | null;
        intercept: number | null;
      }>();

  it("records a skipped run when there is too little to learn from", async () => {
    await runCron();
    expect((await latestRun())!.outcome).toBe("skipped");
  });

  it("calibrates a year of sessions by EM, then links the next run to that scale", async () => {
    // A fresh start for these items: the first run sets the base scale.
    await worker.d1
      .prepare(`delete from question_calibrations where question_id in (${questionIds.map(() => "?").join(",")})`)
      .bind(...questionIds)
      .run();
    await seedCalibrationSessions(120);
    await runCron();
    const first = (await latestRun())!;
    expect(first.outcome).toBe("base_scale");
    expect(first.sessions).toBeGreaterThanOrEqual(120);
    const difficulties = await worker.d1
      .prepare(`select b from question_calibrations where question_id in (${questionIds.map(() => "?").join(",")}) order by b`)
      .bind(...questionIds)
      .all<{ b: number }>();
    // The simulated items run from b = −1.5 to +1.5: EM finds that order and spread.
    expect(difficulties.results[0]!.b).toBeLessThan(-0.7);
    expect(difficulties.results.at(-1)!.b).toBeGreaterThan(0.7);
    // The next run reads the sessions that ended since this one.
    await seedCalibrationSessions(120, Date.now() + 60_000);
    await runCron();
    const second = (await latestRun())!;
    expect(second.outcome).toBe("linked");
    expect(second.anchors).toBeGreaterThanOrEqual(4);
    // Students like the first ones answering the same items: the link is (nearly) the identity.
    expect(second.slope).toBeCloseTo(1, 1);
    expect(second.intercept).toBeCloseTo(0, 1);
  }, 60_000);
});

function correctOption(question: Question): string {
  // The right answer is the smallest option: 2n, with 2n + 1 … 2n + 3 beside it.
  return question.options.reduce((smallest, option) => (Number(option) < Number(smallest) ? option : smallest));
}

/** Standard, effortful sessions straight into D1, answers drawn from a 2PL with b from −1.5 to +1.5. */
async function seedCalibrationSessions(count: number, ended = Date.now() - 86_400_000) {
  let seed = 11;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const truth = questionIds.map((id, index) => ({ id, b: -1.5 + (3 * index) / (QUESTIONS - 1) }));
  // Multi-row inserts of the test's own ids and numbers (no user text): a few statements, not hundreds.
  const sessionRows: string[] = [];
  const answerRows: string[] = [];
  for (let index = 0; index < count; index++) {
    const sessionId = `seeded-${ended}-${index}`;
    const theta = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    sessionRows.push(`('${sessionId}', '${testId}', 'Calibration check', 'seed-${ended}-${index}', 'placement', 1, ${ended}, 'used', ${ended}, 1)`);
    truth.forEach((item, order) => {
      const right = random() < 1 / (1 + Math.exp(-1.2 * (theta - item.b)));
      answerRows.push(`('${sessionId}', '${item.id}', 'q', 'multiple_choice', 'medium', ${right ? 2 : 0}, 2, ${right ? 1 : 0}, 12, ${ended + order})`);
    });
  }
  // D1 caps a statement at 100 kB: 100 rows to a statement.
  const inserts = (head: string, rows: string[]) =>
    Array.from({ length: Math.ceil(rows.length / 100) }, (_, part) =>
      worker.d1.prepare(`${head} values ${rows.slice(part * 100, part * 100 + 100).join(", ")}`),
    );
  await worker.d1.batch([
    ...inserts(
      "insert into sessions (id, test_config_id, test_title, user_id, test_mode, completed, end_time, calibration_use, calibrated_at, effort)",
      sessionRows,
    ),
    ...inserts(
      "insert into session_answers (session_id, question_id, question_text, question_type, difficulty, points_earned, max_points, was_correct, time_spent_seconds, answered_at)",
      answerRows,
    ),
  ]);
}
