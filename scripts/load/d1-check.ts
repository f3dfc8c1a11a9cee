/**
 * After the load: is every acknowledged answer in D1 exactly once? Reads the local D1 with
 * `wrangler d1 execute --local` (it opens the same SQLite files while the server runs).
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

import type { StudentRun } from "./driver";
import { quietEnv } from "./servers";

const run = promisify(execFile);

/** A read can meet the running server's write (SQLITE_BUSY): it is tried again, up to 10 times. */
async function query(stateDir: string, sql: string): Promise<Record<string, unknown>[][]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await queryOnce(stateDir, sql);
    } catch (error) {
      if (attempt >= 10 || !/SQLITE_BUSY|database is locked/.test(String((error as Error).message))) throw error;
      await new Promise((done) => setTimeout(done, 500 * attempt));
    }
  }
}

async function queryOnce(stateDir: string, sql: string): Promise<Record<string, unknown>[][]> {
  const { stdout } = await run("node_modules/.bin/wrangler", ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", sql], {
    // Its stdout must be the JSON alone, whatever WRANGLER_LOG the caller set for the server.
    env: { ...quietEnv, CI: "true", WRANGLER_LOG: "log" },
    maxBuffer: 256 * 1024 * 1024,
  });
  return (JSON.parse(stdout) as { results: Record<string, unknown>[] }[]).map((result) => result.results);
}

export interface D1Check {
  /** Acknowledged answers with no row in session_answers. */
  lost: number;
  /** Rows beyond the first for one (session, question); the unique index should make this 0. */
  duplicates: number;
  /** Rows for answers the server never acknowledged (a failed submit that was stored anyway). */
  unacknowledged: number;
  /** Sessions whose questions_answered is not the acknowledged count. */
  countMismatches: number;
  /** Completed students whose sessions row is not completed. */
  notCompleted: number;
  missingSessions: number;
  waitedMs: number;
}

async function checkOnce(stateDir: string, students: StudentRun[]): Promise<D1Check> {
  // The state folder is this run's own, so every row in it is ours.
  const [answers, sessions] = await query(
    stateDir,
    "select session_id as s, question_id as q, count(*) as n from session_answers group by session_id, question_id; select id, questions_answered as answered, completed from sessions",
  );
  const rows = new Map<string, number>();
  for (const row of answers!) rows.set(`${row.s}\u0000${row.q}`, Number(row.n));
  const sessionRows = new Map(sessions!.map((row) => [String(row.id), row]));
  const result: D1Check = { lost: 0, duplicates: 0, unacknowledged: 0, countMismatches: 0, notCompleted: 0, missingSessions: 0, waitedMs: 0 };
  const acknowledged = new Set<string>();
  for (const student of students) {
    if (!student.sessionId) continue;
    for (const questionId of student.acknowledged) {
      const key = `${student.sessionId}\u0000${questionId}`;
      acknowledged.add(key);
      const n = rows.get(key) ?? 0;
      if (n === 0) result.lost += 1;
    }
    const session = sessionRows.get(student.sessionId);
    if (!session) {
      result.missingSessions += 1;
      continue;
    }
    if (Number(session.answered) !== student.acknowledged.length) result.countMismatches += 1;
    if (student.completed && Number(session.completed) !== 1) result.notCompleted += 1;
  }
  for (const [key, n] of rows) {
    if (n > 1) result.duplicates += n - 1;
    if (!acknowledged.has(key)) result.unacknowledged += 1;
  }
  return result;
}

/** Polls until D1 agrees with what the server acknowledged, or `timeoutMs` passes; the last reading. */
export async function checkD1(stateDir: string, students: StudentRun[], timeoutMs = 30_000): Promise<D1Check> {
  const started = Date.now();
  for (;;) {
    const result = await checkOnce(stateDir, students);
    result.waitedMs = Date.now() - started;
    const settled = result.lost === 0 && result.countMismatches === 0 && result.notCompleted === 0 && result.missingSessions === 0;
    if (settled || Date.now() - started > timeoutMs) return result;
    await new Promise((done) => setTimeout(done, 2_000));
  }
}
