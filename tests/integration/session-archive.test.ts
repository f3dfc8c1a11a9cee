import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { TestSessionRpc } from "~/domain/sessions/session-contract";

import { type ApiClient, demoClients } from "../support/api";
import { runDurableObjectAlarm, scheduledAlarm, storedKeys } from "../support/durable-object-alarms";
import { gradedSession } from "../support/grading-fixtures";
import { startWorker, type TestWorker } from "../support/worker";

/**
 * A finished session's object hands its attempt to D1 and empties its storage once the results
 * window has passed (here at once: SESSION_ARCHIVE_AFTER_HOURS=0), and serves it back from there.
 */
let worker: TestWorker;
let admin: ApiClient;

beforeAll(async () => {
  worker = await startWorker({ vars: { SESSION_ARCHIVE_AFTER_HOURS: "0" }, triggerableAlarms: true });
  ({ admin } = await demoClients(worker));
}, 60_000);
afterAll(() => worker?.dispose());

const objectOf = async (sessionId: string) => {
  const namespace = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
  return namespace.get(namespace.idFromName(sessionId));
};
/**
 * Runs the object's alarm until its storage is empty: the first run may only write D1, and with a
 * window of 0 the runtime may run the archiving alarm itself first (then there is none left to run).
 */
const untilEmptied = async (object: object) => {
  for (let tries = 0; tries < 50; tries++) {
    if ((await storedKeys(object)).length === 0) return [];
    await runDurableObjectAlarm(object);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return storedKeys(object);
};
const archiveRows = async (sessionId: string) =>
  (await worker.d1.prepare("select count(*) as n from session_archives where session_id = ?").bind(sessionId).first<{ n: number }>())!.n;

describe("a finished session's object", () => {
  let session: Awaited<ReturnType<typeof gradedSession>>;
  let before: unknown;

  beforeAll(async () => {
    session = await gradedSession(admin);
    before = (await admin.get(`/api/sessions/${session.sessionId}`)).data;
  }, 60_000);

  it("keeps its storage while D1 is owed its answers, then writes them, archives and empties itself", async () => {
    const object = await objectOf(session.sessionId);
    // Its alarm is set for the write behind, seconds away: run early, it finds D1 not yet due and the archive waiting on it.
    expect((await storedKeys(object)).length).toBeGreaterThan(2);
    await runDurableObjectAlarm(object);
    expect((await storedKeys(object)).length).toBeGreaterThan(2);
    expect(await archiveRows(session.sessionId)).toBe(0);
    const flushed = await object.flush();
    expect(flushed).toEqual({ ok: true, written: true });
    expect(await untilEmptied(object)).toEqual([]);
    expect(await scheduledAlarm(object)).toBeNull();
    expect(await archiveRows(session.sessionId)).toBe(1);
    const answers = await worker.d1.prepare("select count(*) as n from session_answers where session_id = ?").bind(session.sessionId).first<{ n: number }>();
    expect(answers!.n).toBe(2);
  });

  it("serves the same results from the archive, to the API and both results pages, and stays empty", async () => {
    expect((await admin.get(`/api/sessions/${session.sessionId}`)).data).toEqual(before);
    const jar = await worker.signIn("admin@example.com", "demo-admin-password");
    const teacherPage = await worker.request(`/admin/results/${session.sessionId}`, { jar });
    expect(teacherPage.status).toBe(200);
    expect(await teacherPage.text()).toContain("Explain how puddles disappear on a sunny day.");
    expect(await storedKeys(await objectOf(session.sessionId))).toEqual([]);
  });

  it("takes a teacher's override after the archive: back into storage, into D1 and the results, then archived again", async () => {
    const overridden = await admin.post(`/api/sessions/${session.sessionId}/grade-overrides`, {
      questionId: session.openQuestionId,
      score: 95,
      reason: "Names evaporation in the second sentence.",
    });
    expect(overridden.status, JSON.stringify(overridden.data)).toBe(201);
    const object = await objectOf(session.sessionId);
    const read = async () => (await admin.get(`/api/sessions/${session.sessionId}`)).data;
    expect((await read()).answers[session.openQuestionId].gradingScore).toBe(95);

    // The override flushed D1 itself; the alarm that follows archives the new grade.
    expect(await untilEmptied(object)).toEqual([]);
    const row = await worker.d1
      .prepare("select grading_score from session_answers where session_id = ? and question_id = ?")
      .bind(session.sessionId, session.openQuestionId)
      .first<{ grading_score: number }>();
    expect(row!.grading_score).toBe(95);
    expect((await read()).answers[session.openQuestionId].gradingScore).toBe(95);
    expect((await read()).totalScore).toBe(overridden.data.totalScore);
  });

  it("leaves a session in progress alone: nothing is archived before the student finishes", async () => {
    const started = await admin.post("/api/sessions/start", { testConfigId: session.testId, testMode: "placement", userId: `student-${crypto.randomUUID()}` });
    expect(started.status).toBe(201);
    const object = await objectOf(started.data.sessionId);
    await runDurableObjectAlarm(object);
    expect((await storedKeys(object)).length).toBeGreaterThan(0);
    expect(await archiveRows(started.data.sessionId)).toBe(0);
    expect((await admin.get(`/api/sessions/${started.data.sessionId}`)).data.completed).toBe(false);
  });

  it("answers 404 for a session that never was, archive or not", async () => {
    expect((await admin.get(`/api/sessions/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
