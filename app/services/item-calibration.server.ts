import type { Database } from "~/db/client.server";
import type { CalibratedItem } from "~/domain/adaptive/calibration";
import { uncalibratedItem } from "~/domain/adaptive/calibration";
import { updateTypicalSeconds } from "~/domain/adaptive/effort";
import { recordExposure } from "~/domain/adaptive/exposure";
import { abilityCorrelations } from "~/domain/adaptive/item-review";
import { applySessionToItems, type CalibrationUse, calibrationUse, recalibrate } from "~/domain/adaptive/live-calibration";
import type { Difficulty } from "~/domain/questions/question-types";
import {
  answersForCalibration,
  type CalibrationSessionAnswer,
  lastRecalibrationAt,
  pendingCalibrationSessions,
  readCalibrations,
  readLabels,
  recentCalibrationSessions,
  saveHeldCalibration,
  saveRecalibration,
  stampCalibratedSessions,
  type StoredCalibration,
  testPools,
} from "~/models/item-calibration.server";

/**
 * The item calibrator's work (ADR 0033), run only inside its Durable Object so that every write
 * of item parameters happens in one serialized place: the online step from each completed
 * session, and the scheduled EM recalibration linked to the scale before it.
 *
 * A session's step moves many items (every question of its test's pool counts it as offered), so
 * the step keeps the rows it changed in the object's own storage and D1 receives them in a flush
 * (ADR 0048, amended 2026-11-27): once `FLUSH_EVERY_SESSIONS` sessions are held, on the object's
 * alarm, and before the scheduled recalibration.
 */

/** Held sessions that make a step flush at once, so a busy testing morning reaches D1 in batches, not once a session. */
const FLUSH_EVERY_SESSIONS = 50;
/** How long held rows wait for the object's alarm at most: the bank's figures and new sessions' parameters lag by no more. */
export const FLUSH_AFTER_MS = 10 * 60_000;

/** Sessions read per D1 transaction: ~20 answers each keeps a step well under D1's statements per invocation. */
const SESSIONS_PER_STEP = 20;

/**
 * The scheduled recalibration reads the used sessions since the last run that changed the items
 * (ADR 0033: the run's estimates are blended with what the items knew from earlier answers), never
 * more than a year back, and at most this many (about 0.3 s of EM per 60,000 answers).
 */
const RECALIBRATION_WINDOW_DAYS = 365;
const RECALIBRATION_MAX_SESSIONS = 5_000;

export type ItemRow = Omit<StoredCalibration, "createdAt" | "updatedAt">;

/**
 * The calibrator object's storage as the steps use it: item rows not yet in D1, and the sessions
 * whose counts they hold (so a session whose D1 stamp failed is stamped again, never counted twice).
 */
export interface HeldCalibration {
  /** The held rows of these questions (absent: D1's row is current). */
  rows(questionIds: readonly string[]): Promise<Map<string, ItemRow>>;
  /** Every held row and session. */
  all(): Promise<{ rows: ItemRow[]; sessions: { id: string; use: CalibrationUse }[] }>;
  /** How many sessions are held. */
  sessionCount(): Promise<number>;
  /** Of these sessions, the ones already held. */
  heldSessions(sessionIds: readonly string[]): Promise<Map<string, CalibrationUse>>;
  /** Holds the changed rows and the step's sessions together (one atomic write). */
  hold(rows: readonly ItemRow[], sessions: readonly { id: string; use: CalibrationUse }[]): Promise<void>;
  /** Drops what a flush wrote. */
  clear(): Promise<void>;
}

const newRow = (questionId: string, label: Difficulty): ItemRow => ({
  questionId,
  ...uncalibratedItem(label),
  offered: 0,
  served: 0,
  typicalSeconds: null,
  abilityCorrelation: null,
  source: "online",
});

/** The rows of the questions that still exist, each question's held row, its D1 row or a fresh one from its label. */
function workingRows(
  stored: ReadonlyMap<string, StoredCalibration>,
  labels: ReadonlyMap<string, Difficulty>,
  held: ReadonlyMap<string, ItemRow> = new Map(),
): Map<string, ItemRow> {
  return new Map(
    [...labels].map(([questionId, label]) => {
      const heldRow = held.get(questionId);
      if (heldRow) return [questionId, heldRow];
      const row = stored.get(questionId);
      if (!row) return [questionId, newRow(questionId, label)];
      const { createdAt: _created, updatedAt: _updated, ...rest } = row;
      return [questionId, rest];
    }),
  );
}

const calibrated = (rows: ReadonlyMap<string, ItemRow>): Map<string, CalibratedItem> =>
  new Map([...rows].map(([questionId, row]) => [questionId, { a: row.a, b: row.b, responses: row.responses }]));

/**
 * Reads every completed session the calibrator has not seen, oldest first, in steps of one
 * transaction each: a standard, effortful session updates the items it answered; every session
 * counts toward exposure and answer times. The changed rows are held in the object; D1 stamps
 * the sessions read. Flushes once enough sessions are held. Returns how many sessions it read.
 */
export async function applyPendingSessions(db: Database, held: HeldCalibration, now: Date): Promise<number> {
  let read = 0;
  for (;;) {
    const sessions = await pendingCalibrationSessions(db, SESSIONS_PER_STEP);
    if (!sessions.length) break;
    const already = await held.heldSessions(sessions.map((session) => session.id));
    const fresh = sessions.filter((session) => !already.has(session.id));
    const testIds = [...new Set(fresh.flatMap((session) => (session.testId ? [session.testId] : [])))];
    const [answers, pools] = await Promise.all([
      answersForCalibration(
        db,
        fresh.map((session) => session.id),
      ),
      testPools(db, testIds),
    ]);
    const questionIds = [...new Set([...[...answers.values()].flat().map((answer) => answer.questionId), ...[...pools.values()].flat()])];
    const [stored, labels, heldRows] = await Promise.all([readCalibrations(db, questionIds), readLabels(db, questionIds), held.rows(questionIds)]);
    const rows = workingRows(stored, labels, heldRows);
    const changed = new Set<string>();
    const uses: { id: string; use: CalibrationUse }[] = [];
    for (const session of fresh) {
      const given = (answers.get(session.id) ?? []).filter((answer) => labels.has(answer.questionId));
      const use = calibrationUse({ nonStandard: session.nonStandard, effort: session.effort, answers: given.length });
      uses.push({ id: session.id, use });
      if (use === "used") {
        for (const [questionId, item] of applySessionToItems(calibrated(rows), labels, given)) {
          rows.set(questionId, { ...rows.get(questionId)!, ...item, source: "online" });
          changed.add(questionId);
        }
      }
      for (const questionId of countSession(rows, (session.testId && pools.get(session.testId)) || [], given)) changed.add(questionId);
    }
    // Held first, then stamped: a stamp that fails leaves the session pending and held, and the next step only stamps it.
    await held.hold(
      [...changed].map((questionId) => rows.get(questionId)!),
      uses,
    );
    await stampCalibratedSessions(db, [...uses, ...[...already].map(([id, use]) => ({ id, use }))], now);
    read += sessions.length;
  }
  if ((await held.sessionCount()) >= FLUSH_EVERY_SESSIONS) await flushHeldCalibration(db, held, now);
  return read;
}

/**
 * Writes the held rows to D1 (those of questions that still exist) and stamps their sessions
 * again where a stamp is missing, then empties the hold. Each row is written whole, so a flush
 * that fails part way is simply run again.
 */
export async function flushHeldCalibration(db: Database, held: HeldCalibration, now: Date): Promise<{ items: number }> {
  const { rows, sessions } = await held.all();
  if (!rows.length && !sessions.length) return { items: 0 };
  const labels = await readLabels(
    db,
    rows.map((row) => row.questionId),
  );
  const items = rows.filter((row) => labels.has(row.questionId));
  await saveHeldCalibration(db, { items, sessions }, now);
  await held.clear();
  return { items: items.length };
}

/** Exposure and answer-time counts for one session (standard or not: what students saw and how long they took). */
function countSession(rows: Map<string, ItemRow>, pool: readonly string[], given: readonly CalibrationSessionAnswer[]): string[] {
  const offered = pool.filter((questionId) => rows.has(questionId));
  const served = given.map((answer) => answer.questionId);
  const counts = recordExposure(
    Object.fromEntries(
      offered.concat(served).map((questionId) => [questionId, { offered: rows.get(questionId)!.offered, served: rows.get(questionId)!.served }]),
    ),
    offered,
    served,
  );
  for (const [questionId, count] of Object.entries(counts)) rows.set(questionId, { ...rows.get(questionId)!, ...count });
  for (const answer of given) {
    if (answer.rapidGuess) continue;
    const row = rows.get(answer.questionId)!;
    rows.set(answer.questionId, { ...row, typicalSeconds: updateTypicalSeconds(row.typicalSeconds, row.served - 1, answer.seconds) });
  }
  return Object.keys(counts);
}

/**
 * The scheduled recalibration: EM over the used sessions since the last run, linked to the current
 * scale, and each item's ability correlation for the question bank's review flags. The run is
 * recorded whatever its outcome.
 */
export async function recalibrateItems(db: Database, now: Date) {
  const yearAgo = new Date(now.getTime() - RECALIBRATION_WINDOW_DAYS * 86_400_000);
  const lastRun = await lastRecalibrationAt(db);
  const since = lastRun && lastRun > yearAgo ? lastRun : yearAgo;
  const recent = await recentCalibrationSessions(db, since, RECALIBRATION_MAX_SESSIONS);
  const questionIds = [...new Set(recent.flat().map((answer) => answer.questionId))];
  const [stored, labels] = await Promise.all([readCalibrations(db, questionIds), readLabels(db, questionIds)]);
  const rows = workingRows(stored, labels);
  const sessions = recent.map((answers) => answers.filter((answer) => labels.has(answer.questionId)));
  const result = recalibrate({ items: calibrated(new Map([...rows].filter(([questionId]) => stored.has(questionId)))), labels, sessions });
  const effortful = sessions.map((answers) => answers.filter((answer) => !answer.rapidGuess));
  // Empty when the run was skipped.
  const moved = result.items;
  const params = new Map([...rows].map(([questionId, row]) => [questionId, moved.get(questionId) ?? row]));
  const correlations = abilityCorrelations(effortful, params);
  const items = [...rows.keys()].flatMap((questionId) => {
    const item = moved.get(questionId);
    const correlation = correlations.get(questionId) ?? null;
    if (!item && correlation === null) return [];
    const row = rows.get(questionId)!;
    return [{ ...row, ...(item ? { ...item, source: "recalibration" as const } : {}), abilityCorrelation: correlation }];
  });
  const run = {
    outcome: result.outcome,
    sessions: result.sessions,
    answers: result.answers,
    itemsUpdated: moved.size,
    anchors: result.anchors,
    linkSlope: result.link?.slope ?? null,
    linkIntercept: result.link?.intercept ?? null,
    note: result.note,
  };
  await saveRecalibration(db, run, items, now);
  return run;
}
