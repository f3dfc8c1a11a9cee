import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { calibrationRuns, questionCalibrations, questions, sessionAnswers, testQuestions, testSessionRecords } from "~/db/schema";
import { type CalibrationView, calibrationView } from "~/domain/adaptive/item-review";
import { type CalibrationUse, RESPONSES_BEFORE_CALIBRATED } from "~/domain/adaptive/live-calibration";
import { answerScore } from "~/domain/analytics/calibrated-difficulty";
import type { Difficulty } from "~/domain/questions/question-types";
import { inChunks } from "~/lib/batching";

/**
 * D1's side of item calibration (ADR 0033): each question's parameters and counts, the sessions
 * the calibrator has yet to read, and the scheduled runs. Only the item calibrator object writes
 * these rows, so a read-modify-write here never races another.
 */

export type StoredCalibration = typeof questionCalibrations.$inferSelect;
type CalibrationWrite = Omit<StoredCalibration, "createdAt" | "updatedAt">;

export async function readCalibrations(db: Database, questionIds: readonly string[]): Promise<Map<string, StoredCalibration>> {
  const rows = await inChunks(questionIds, (group) => db.select().from(questionCalibrations).where(inArray(questionCalibrations.questionId, group)));
  return new Map(rows.map((row) => [row.questionId, row]));
}

/** The labels of the questions that still exist: an answer can outlive its bank question. */
export async function readLabels(db: Database, questionIds: readonly string[]): Promise<Map<string, Difficulty>> {
  const rows = await inChunks(questionIds, (group) =>
    db.select({ id: questions.id, difficulty: questions.difficulty }).from(questions).where(inArray(questions.id, group)),
  );
  return new Map(rows.map((row) => [row.id, row.difficulty]));
}

/** Completed sessions the calibrator has not read yet, oldest first. */
export async function pendingCalibrationSessions(db: Database, limit: number) {
  return db
    .select({
      id: testSessionRecords.id,
      testId: testSessionRecords.testConfigId,
      nonStandard: testSessionRecords.nonStandard,
      effort: testSessionRecords.effort,
      questionsAnswered: testSessionRecords.questionsAnswered,
    })
    .from(testSessionRecords)
    .where(and(eq(testSessionRecords.completed, true), isNull(testSessionRecords.calibratedAt)))
    .orderBy(asc(testSessionRecords.endTime))
    .limit(limit);
}

export type CalibrationSessionAnswer = { questionId: string; score: number; rapidGuess: boolean; seconds: number };

/** Each session's answers in the order given, scored in [0, 1]. */
export async function answersForCalibration(db: Database, sessionIds: readonly string[]): Promise<Map<string, CalibrationSessionAnswer[]>> {
  const rows = await inChunks(sessionIds, (group) =>
    db
      .select({
        sessionId: sessionAnswers.sessionId,
        questionId: sessionAnswers.questionId,
        pointsEarned: sessionAnswers.pointsEarned,
        maxPoints: sessionAnswers.maxPoints,
        wasCorrect: sessionAnswers.wasCorrect,
        rapidGuess: sessionAnswers.rapidGuess,
        // The server's measure; the page's own count only for answers stored before it (ADR 0032).
        seconds: sql<number>`coalesce(${sessionAnswers.measuredSeconds}, ${sessionAnswers.timeSpentSeconds})`,
      })
      .from(sessionAnswers)
      .where(inArray(sessionAnswers.sessionId, group))
      .orderBy(asc(sessionAnswers.answeredAt)),
  );
  const bySession = new Map<string, CalibrationSessionAnswer[]>();
  for (const row of rows) {
    const list = bySession.get(row.sessionId) ?? [];
    list.push({
      questionId: row.questionId,
      score: answerScore({ ...row, wasCorrect: row.wasCorrect ?? false }),
      rapidGuess: row.rapidGuess,
      seconds: row.seconds,
    });
    bySession.set(row.sessionId, list);
  }
  return bySession;
}

/** Each test's questions: what the engine could choose from (the exposure counts' denominator). */
export async function testPools(db: Database, testIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await inChunks(testIds, (group) =>
    db.select({ testId: testQuestions.testId, questionId: testQuestions.questionId }).from(testQuestions).where(inArray(testQuestions.testId, group)),
  );
  const pools = new Map<string, string[]>();
  for (const row of rows) pools.set(row.testId, [...(pools.get(row.testId) ?? []), row.questionId]);
  return pools;
}

/**
 * An item's row, inserted or updated in place. The update leaves the key alone: setting it, even
 * to itself, rewrites its index entry too, a row D1 counts as written (`npm run bench:storage`).
 */
const upsertCalibration = (db: Database, { questionId, ...values }: CalibrationWrite, now: Date) =>
  db
    .insert(questionCalibrations)
    .values({ questionId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: questionCalibrations.questionId, set: { ...values, updatedAt: now } });

const stamp = (db: Database, session: { id: string; use: CalibrationUse }, now: Date) =>
  db.update(testSessionRecords).set({ calibrationUse: session.use, calibratedAt: now }).where(eq(testSessionRecords.id, session.id));

/** Marks the sessions a calibrator step read, in one transaction. */
export async function stampCalibratedSessions(db: Database, sessions: readonly { id: string; use: CalibrationUse }[], now: Date): Promise<void> {
  const [first, ...rest] = sessions.map((session) => stamp(db, session, now));
  if (first) await db.batch([first, ...rest]);
}

/** Statements to a flush's transaction: a whole bank's rows go in several, each row written whole so a retry is harmless. */
const FLUSH_STATEMENTS = 100;

/**
 * The calibrator's held rows written to D1, and its held sessions stamped where they are not yet
 * (a stamped session's statement changes no row, so it writes none).
 */
export async function saveHeldCalibration(
  db: Database,
  held: { items: readonly CalibrationWrite[]; sessions: readonly { id: string; use: CalibrationUse }[] },
  now: Date,
): Promise<void> {
  const statements = [
    ...held.items.map((row) => upsertCalibration(db, row, now)),
    ...held.sessions.map((session) =>
      db
        .update(testSessionRecords)
        .set({ calibrationUse: session.use, calibratedAt: now })
        .where(and(eq(testSessionRecords.id, session.id), isNull(testSessionRecords.calibratedAt))),
    ),
  ];
  for (let start = 0; start < statements.length; start += FLUSH_STATEMENTS) {
    const [first, ...rest] = statements.slice(start, start + FLUSH_STATEMENTS);
    if (first) await db.batch([first, ...rest]);
  }
}

/** The answers of sessions calibration used, ended after `since`, newest sessions first, at most `maxSessions`. */
export async function recentCalibrationSessions(db: Database, since: Date, maxSessions: number): Promise<CalibrationSessionAnswer[][]> {
  const sessions = await db
    .select({ id: testSessionRecords.id })
    .from(testSessionRecords)
    .where(and(eq(testSessionRecords.calibrationUse, "used"), gt(testSessionRecords.endTime, since)))
    .orderBy(desc(testSessionRecords.endTime))
    .limit(maxSessions);
  const answers = await answersForCalibration(
    db,
    sessions.map((session) => session.id),
  );
  return [...answers.values()];
}

type RunRecord = Omit<typeof calibrationRuns.$inferInsert, "id" | "createdAt" | "updatedAt">;

/** When the last recalibration that changed the items ran (a skipped run does not count); null before any. */
export async function lastRecalibrationAt(db: Database): Promise<Date | null> {
  const [row] = await db
    .select({ at: calibrationRuns.createdAt })
    .from(calibrationRuns)
    .where(ne(calibrationRuns.outcome, "skipped"))
    .orderBy(desc(calibrationRuns.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/** A scheduled recalibration: its record and every item it moved, in one transaction. */
export async function saveRecalibration(db: Database, run: RunRecord, items: readonly CalibrationWrite[], now: Date): Promise<void> {
  await db.batch([db.insert(calibrationRuns).values({ ...run, createdAt: now, updatedAt: now }), ...items.map((row) => upsertCalibration(db, row, now))]);
}

/** Each question's calibration as teachers and the API read it (ADR 0033). */
export async function calibrationViews(
  db: Database,
  questionList: readonly { id: string; difficulty: Difficulty }[],
): Promise<Map<string, CalibrationView | null>> {
  const stored = await readCalibrations(
    db,
    questionList.map((question) => question.id),
  );
  return new Map(questionList.map((question) => [question.id, calibrationView(question.difficulty, stored.get(question.id), RESPONSES_BEFORE_CALIBRATED)]));
}
