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
/** Archives kept in D1 (where they went before R2, ADR 0048). */
const archiveRows = async (sessionId: string) =>
  (await worker.d1.prepare("select count(*) as n from session_archives where session_id = ?").bind(sessionId).first<{ n: number }>())!.n;
const archives = () => worker.mf.getR2Bucket("ARCHIVES");
const archiveKey = (sessionId: string) => `sessions/${sessionId}.json.gz`;
const inR2 = async (sessionId: string) => (await (await archives()).head(archiveKey(sessionId))) !== null;
const archivedAt = async (sessionId: string) =>
  (await worker.d1.prepare("select archived_at from sessions where id = ?").bind(sessionId).first<{ archived_at: number | null }>())?.archived_at;

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
    expect(await inR2(session.sessionId)).toBe(false);
    expect(await archivedAt(session.sessionId)).toBeNull();
    const flushed = await object.flush();
    expect(flushed).toEqual({ ok: true, written: true });
    expect(await untilEmptied(object)).toEqual([]);
    expect(await scheduledAlarm(object)).toBeNull();
    // The archive is an object in R2, its time on the session's row; D1 holds no copy.
    expect(await inR2(session.sessionId)).toBe(true);
    expect(await archivedAt(session.sessionId)).toEqual(expect.any(Number));
    expect(await archiveRows(session.sessionId)).toBe(0);
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
    expect(await inR2(started.data.sessionId)).toBe(false);
    expect((await admin.get(`/api/sessions/${started.data.sessionId}`)).data.completed).toBe(false);
  });

  it("reads an archive kept in D1 before archives went to R2, and moves it to R2 when an override reopens it", async () => {
    const older = await gradedSession(admin);
    const object = await objectOf(older.sessionId);
    await object.flush();
    expect(await untilEmptied(object)).toEqual([]);
    const expected = (await admin.get(`/api/sessions/${older.sessionId}`)).data;
    // As an upgrade finds it: the archive in D1 as base64, none in R2, no time on the row.
    const stored = await (await archives()).get(archiveKey(older.sessionId));
    const base64 = Buffer.from(await stored!.arrayBuffer()).toString("base64");
    await worker.d1.batch([
      worker.d1.prepare("insert into session_archives (session_id, data) values (?, ?)").bind(older.sessionId, base64),
      worker.d1.prepare("update sessions set archived_at = null where id = ?").bind(older.sessionId),
    ]);
    await (await archives()).delete(archiveKey(older.sessionId));

    expect((await admin.get(`/api/sessions/${older.sessionId}`)).data).toEqual(expected);
    const overridden = await admin.post(`/api/sessions/${older.sessionId}/grade-overrides`, {
      questionId: older.openQuestionId,
      score: 80,
      reason: "Right idea.",
    });
    expect(overridden.status, JSON.stringify(overridden.data)).toBe(201);
    expect(await untilEmptied(object)).toEqual([]);
    expect(await inR2(older.sessionId)).toBe(true);
    expect(await archiveRows(older.sessionId)).toBe(0);
    expect((await admin.get(`/api/sessions/${older.sessionId}`)).data.answers[older.openQuestionId].gradingScore).toBe(80);
  });

  it("deletes the archive from R2 when the student's data is erased, and counts it", async () => {
    const student = await admin.post("/api/students", { studentId: "ARCH-1", givenName: "Archie", familyName: "Ved", grade: "5" });
    expect(student.status).toBe(201);
    await worker.d1.prepare("update sessions set student_record_id = ? where id = ?").bind(student.data.id, session.sessionId).run();
    expect(await inR2(session.sessionId)).toBe(true);
    const erased = await admin.delete(`/api/students/${student.data.id}`);
    expect(erased.status).toBe(200);
    expect(erased.data.removed).toMatchObject({ sessions: 1, archives: 1 });
    expect(erased.data.sessionObjectsLeft).toBe(0);
    expect(await inR2(session.sessionId)).toBe(false);
    expect((await admin.get(`/api/sessions/${session.sessionId}`)).status).toBe(404);
  });

  it("answers 404 for a session that never was, archive or not", async () => {
    expect((await admin.get(`/api/sessions/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
