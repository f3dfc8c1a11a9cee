import type { SessionSnapshot } from "./session-contract";

/**
 * The student pass (ADR 0003, ADR 0014): what one browser may open without an account. A
 * classroom computer serves one student after another, so a pass names one student at a time:
 *
 * - `joined`: the join step's student (class, ID, name), on their way to 'Before You Begin'.
 *   Nothing is recorded yet; Start Test starts the session as this student.
 * - `session`: the one session this browser started or resumed. It opens the test page while the
 *   session runs, and its results for RESULTS_WINDOW_MINUTES after it ends.
 *
 * Every join replaces the pass, so an earlier student's session (and its resume code) is gone
 * from this browser as soon as the next student joins. The cookie is signed, so its contents are
 * what the server wrote; the times below are still checked here, not left to the cookie's age.
 */
export type JoinedStudent = { cohortId: string; studentId: string; displayName: string };

export type StudentPass = { kind: "joined"; student: JoinedStudent; issuedAt: number } | { kind: "session"; sessionId: string; issuedAt: number };

/** How long the student who just finished can read their results on this browser. */
export const RESULTS_WINDOW_MINUTES = 30;
/** How long a join stays good for its Start Test: long enough to read 'Before You Begin'. */
export const JOINED_PASS_MINUTES = 30;

const MINUTE_MS = 60_000;

export function joinedPass(student: JoinedStudent, now: number): StudentPass {
  return { kind: "joined", student, issuedAt: now };
}

export function sessionPass(sessionId: string, now: number): StudentPass {
  return { kind: "session", sessionId, issuedAt: now };
}

const isText = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** The pass a cookie holds, or null: a pass of another shape (an older release's list) opens nothing. */
export function readPassValue(value: unknown): StudentPass | null {
  if (typeof value !== "object" || value === null) return null;
  const pass = value as Record<string, unknown>;
  if (typeof pass.issuedAt !== "number") return null;
  if (pass.kind === "session" && isText(pass.sessionId)) return { kind: "session", sessionId: pass.sessionId, issuedAt: pass.issuedAt };
  const student = pass.student as Record<string, unknown> | null | undefined;
  if (pass.kind === "joined" && student && isText(student.cohortId) && isText(student.studentId) && isText(student.displayName)) {
    return { kind: "joined", student: { cohortId: student.cohortId, studentId: student.studentId, displayName: student.displayName }, issuedAt: pass.issuedAt };
  }
  return null;
}

/** The student who joined on this browser and may still press Start Test, or null. */
export function joinedStudentOf(pass: StudentPass | null, now: number): JoinedStudent | null {
  if (pass?.kind !== "joined") return null;
  return now - pass.issuedAt < JOINED_PASS_MINUTES * MINUTE_MS ? pass.student : null;
}

/** The session this pass names, or null. */
export function sessionOf(pass: StudentPass | null): string | null {
  return pass?.kind === "session" ? pass.sessionId : null;
}

/**
 * What a pass opens of the session it names: the test while it runs, the results for
 * RESULTS_WINDOW_MINUTES after it ended, then nothing.
 */
export function passReach(snapshot: Pick<SessionSnapshot, "completed" | "completedAt">, now: number): "test" | "results" | "nothing" {
  if (!snapshot.completed) return "test";
  const endedAt = snapshot.completedAt ?? 0;
  return now - endedAt < RESULTS_WINDOW_MINUTES * MINUTE_MS ? "results" : "nothing";
}
