import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { tests, testSessionRecords as sessions } from "~/db/schema";
import { withScaleScore } from "~/domain/adaptive/scale";
import type { Scope } from "~/domain/auth/policy";
import type { ContentLanguage } from "~/domain/questions/content-language";
import { clampPage, pageSummary } from "~/domain/questions/question-list";
import type { SessionFilters } from "~/domain/sessions/session-list";

import { inTaughtClasses } from "./class-scope.server";
import { sessionStudentName } from "./student-names.server";

/**
 * The Test Sessions list: filtered, ordered and paged in SQL, since a school year is
 * tens of thousands of sessions. Newest first is read straight from an index: (start_time),
 * (test_config_id, start_time) or (completed, start_time), each of which carries the rowid that
 * breaks ties between sessions started in the same millisecond.
 */

/** The filters and the caller's scope (ADR 0031), which every read of the list applies. */
export type ScopedSessionFilters = SessionFilters & { scope: Scope };

/**
 * The list's WHERE. The student search matches the ID or the name given at join; it scans (a
 * substring cannot use an index) but stops at the page, and looks a name up only for a row whose
 * ID does not match.
 */
function whereOf(filters: ScopedSessionFilters): SQL | undefined {
  return and(
    inTaughtClasses(sessions.cohortId, filters.scope),
    filters.testConfigId ? eq(sessions.testConfigId, filters.testConfigId) : undefined,
    filters.status ? eq(sessions.completed, filters.status === "completed") : undefined,
    // instr, not LIKE: a typed % or _ is just a character. The needle is already lowered as
    // lower() lowers (domain/sessions/session-list studentNeedle).
    filters.student
      ? sql`(instr(lower(${sessions.userId}), ${filters.student}) > 0 or instr(lower(${sessionStudentName}), ${filters.student}) > 0)`
      : undefined,
  );
}

/**
 * The language of the session's test (ADR 0044), as the results and growth screens read it: one
 * lookup in the tests' primary key per row read; a session of a deleted test reads as English.
 */
const sessionTestLanguage = sql<ContentLanguage>`coalesce((select t.language from ${tests} as t where t.id = ${sessions}.test_config_id), 'en')`;

const newestFirst = [desc(sessions.startTime), desc(sql`rowid`)] as const;

/** Every column of the product's Session but the per-answer map (GET /api/sessions/{id} has it), and the student's name. */
const listColumns = {
  id: sessions.id,
  testConfigId: sessions.testConfigId,
  testTitle: sessions.testTitle,
  testSubject: sessions.testSubject,
  userId: sessions.userId,
  studentName: sessionStudentName,
  testMode: sessions.testMode,
  cohortId: sessions.cohortId,
  startTime: sessions.startTime,
  endTime: sessions.endTime,
  completed: sessions.completed,
  timeRemaining: sessions.timeRemaining,
  totalScore: sessions.totalScore,
  scores: sessions.scores,
  hasAiFeedback: sessions.hasAiFeedback,
  competenciesStatus: sessions.competenciesStatus,
  moduleRecommendations: sessions.moduleRecommendations,
  theta: sessions.theta,
  questionsAnswered: sessions.questionsAnswered,
  completionReason: sessions.completionReason,
  accommodations: sessions.accommodations,
  nonStandard: sessions.nonStandard,
  effort: sessions.effort,
  language: sessionTestLanguage,
};

/** The statements are exported so a test can read their query plans (they must read an index in order). */
export function sessionRowsQuery(db: Database, filters: ScopedSessionFilters, limit: number, offset: number) {
  return db
    .select(listColumns)
    .from(sessions)
    .where(whereOf(filters))
    .orderBy(...newestFirst)
    .limit(limit)
    .offset(offset);
}

type SessionListRead = Awaited<ReturnType<typeof sessionRowsQuery>>[number];
export type SessionListRow = ReturnType<typeof withScaleScore<SessionListRead>>;

export function sessionCountQuery(db: Database, filters: ScopedSessionFilters) {
  return db.select({ total: count() }).from(sessions).where(whereOf(filters));
}

/** A window of the list (GET /api/sessions) and the total matching, in one D1 round trip. */
export async function sessionWindow(db: Database, filters: ScopedSessionFilters, window: { limit: number; offset: number }) {
  const [rows, [counted]] = await db.batch([sessionRowsQuery(db, filters, window.limit, window.offset), sessionCountQuery(db, filters)]);
  return { rows: (rows as SessionListRead[]).map(withScaleScore), total: counted?.total ?? 0 };
}

/** Where a chunk read newest first continues: after the last row read (its start time, then its rowid). */
type After = { startMs: number; rowid: number } | null;
const afterRow = (after: After) => (after ? sql`(${sessions.startTime}, rowid) < (${after.startMs}, ${after.rowid})` : undefined);
const rowidColumn = sql<number>`rowid`.as("row_id");

const LIST_CHUNK_ROWS = 500;

export function sessionListChunkQuery(db: Database, filters: ScopedSessionFilters, after: After, limit: number) {
  return db
    .select({ ...listColumns, rowid: rowidColumn })
    .from(sessions)
    .where(and(whereOf(filters), afterRow(after)))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * Every matching session (GET /api/sessions without paging), newest first, up to `maxRows`, in
 * chunks that each continue after the last row read, so the answer can be streamed as it is read.
 */
export async function* sessionListChunks(
  db: Database,
  filters: ScopedSessionFilters,
  options: { maxRows: number; chunkRows?: number },
): AsyncGenerator<SessionListRow[]> {
  const chunkRows = options.chunkRows ?? LIST_CHUNK_ROWS;
  let read = 0;
  let after: After = null;
  while (read < options.maxRows) {
    const wanted = Math.min(chunkRows, options.maxRows - read);
    const chunk = await sessionListChunkQuery(db, filters, after, wanted);
    if (chunk.length) yield chunk.map(({ rowid: _rowid, ...row }) => withScaleScore(row));
    read += chunk.length;
    const last = chunk.at(-1);
    if (!last || chunk.length < wanted) return;
    after = { startMs: last.startTime.getTime(), rowid: last.rowid };
  }
}

/** How many sessions match. */
export async function countSessions(db: Database, filters: ScopedSessionFilters): Promise<number> {
  const [counted] = await sessionCountQuery(db, filters);
  return counted?.total ?? 0;
}

/** A page of the list (the screen); past the end (a stale link) it reads the last page instead. */
export async function sessionPage(db: Database, filters: ScopedSessionFilters, page: number, pageSize: number) {
  const { rows, total } = await sessionWindow(db, filters, { limit: pageSize, offset: (page - 1) * pageSize });
  const readable = clampPage(page, total, pageSize);
  const onPage = readable === page ? rows : (await sessionRowsQuery(db, filters, pageSize, (readable - 1) * pageSize)).map(withScaleScore);
  return { rows: onPage, summary: pageSummary(readable, pageSize, total, onPage.length) };
}

const exportColumns = {
  rowid: rowidColumn,
  id: sessions.id,
  userId: sessions.userId,
  studentName: sessionStudentName,
  testTitle: sessions.testTitle,
  testSubject: sessions.testSubject,
  testMode: sessions.testMode,
  completed: sessions.completed,
  totalScore: sessions.totalScore,
  theta: sessions.theta,
  questionsAnswered: sessions.questionsAnswered,
  startTime: sessions.startTime,
  endTime: sessions.endTime,
  cohortId: sessions.cohortId,
  completionReason: sessions.completionReason,
  accommodations: sessions.accommodations,
  nonStandard: sessions.nonStandard,
  effort: sessions.effort,
  language: sessionTestLanguage,
};

const EXPORT_CHUNK_ROWS = 1_000;
const EXPORT_MAX_ROWS = 50_000;

/**
 * Every matching session for the CSV export, newest first, up to `maxRows`. Read in chunks that
 * each continue after the last row read (start_time, rowid), not at an OFFSET, so the last chunk
 * costs what the first does and a session started meanwhile neither repeats nor shifts a row.
 */
export async function sessionsForExport(db: Database, filters: ScopedSessionFilters, options: { chunkRows?: number; maxRows?: number } = {}) {
  const chunkRows = options.chunkRows ?? EXPORT_CHUNK_ROWS;
  const maxRows = options.maxRows ?? EXPORT_MAX_ROWS;
  const rows: ReturnType<typeof withScaleScore<Omit<Awaited<ReturnType<typeof sessionExportChunkQuery>>[number], "rowid">>>[] = [];
  let after: After = null;
  for (;;) {
    // One row past the cap tells whether the cap cut the list short.
    const wanted = Math.min(chunkRows, maxRows - rows.length + 1);
    const chunk = await sessionExportChunkQuery(db, filters, after, wanted);
    for (const { rowid: _rowid, ...row } of chunk) rows.push(withScaleScore(row));
    const last = chunk.at(-1);
    if (!last || chunk.length < wanted || rows.length > maxRows) break;
    after = { startMs: last.startTime.getTime(), rowid: last.rowid };
  }
  return { rows: rows.slice(0, maxRows), truncated: rows.length > maxRows };
}

export function sessionExportChunkQuery(db: Database, filters: ScopedSessionFilters, after: After, limit: number) {
  return db
    .select(exportColumns)
    .from(sessions)
    .where(and(whereOf(filters), afterRow(after)))
    .orderBy(...newestFirst)
    .limit(limit);
}
