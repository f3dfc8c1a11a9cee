import { and, desc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import type { Database } from "~/db/client.server";
import { jobParts, jobs } from "~/db/schema";
import type { JobInput, JobProgress } from "~/domain/jobs/job-messages";

export type JobRow = typeof jobs.$inferSelect;

export async function insertJob(db: Database, input: JobInput, createdBy: string | null, progress: JobProgress | null = null): Promise<JobRow> {
  const [row] = await db.insert(jobs).values({ kind: input.kind, input, createdBy, progress }).returning();
  if (!row) throw new Error("Creating the job returned no row");
  return row;
}

export async function findJob(db: Database, id: string): Promise<JobRow | undefined> {
  return db.query.jobs.findFirst({ where: eq(jobs.id, id) });
}

/** The newest job of this kind still queued or running that was created after `since`, if any. */
export async function findActiveJob(db: Database, kind: JobInput["kind"], since: Date): Promise<JobRow | null> {
  const row = await db.query.jobs.findFirst({
    where: and(eq(jobs.kind, kind), inArray(jobs.status, ["queued", "running"]), gt(jobs.createdAt, since)),
    orderBy: [desc(jobs.createdAt)],
  });
  return row ?? null;
}

export async function setJobProgress(db: Database, id: string, progress: JobProgress): Promise<void> {
  await db.update(jobs).set({ progress }).where(eq(jobs.id, id));
}

/** Marks a delivery attempt; a job that already finished is left alone (redelivery). */
export async function markJobRunning(db: Database, id: string): Promise<JobRow | undefined> {
  const [row] = await db
    .update(jobs)
    .set({ status: "running", attempts: sql`${jobs.attempts} + 1`, startedAt: new Date(), error: null })
    .where(and(eq(jobs.id, id), sql`${jobs.status} in ('queued', 'running')`))
    .returning();
  return row;
}

/**
 * Records that a job succeeded with its result. A job whose last step recorded it already, in the
 * batch of its own final writes (`jobSucceededStatement`), keeps that record.
 */
export async function markJobSucceeded(db: Database, id: string, result: unknown): Promise<void> {
  await jobSucceededStatement(db, id, result);
}

/** The statement that records a job's success, for a last step to batch with its final writes: D1 then holds both or neither. */
export function jobSucceededStatement(db: Database, id: string, result: unknown) {
  return db
    .update(jobs)
    .set({ status: "succeeded", result, error: null, finishedAt: new Date() })
    .where(and(eq(jobs.id, id), sql`${jobs.status} <> 'succeeded'`));
}

/** Records the latest error; `final` when no retry will follow. */
export async function recordJobError(db: Database, id: string, error: string, final: boolean): Promise<void> {
  await db
    .update(jobs)
    .set(final ? { status: "failed", error, finishedAt: new Date() } : { status: "queued", error })
    .where(and(eq(jobs.id, id), sql`${jobs.status} <> 'succeeded'`));
}

/** The public JSON shape of a job (GET /api/jobs/{id}). */
export function jobView(job: JobRow) {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    result: job.result ?? null,
    error: job.error,
    attempts: job.attempts,
    progress: job.progress ?? null,
    createdAt: job.createdAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

export async function countJobsByStatus(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: jobs.status, total: sql<number>`count(*)` })
    .from(jobs)
    .groupBy(jobs.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.total)]));
}

/** Rows of staged parts a D1 batch inserts: a part is up to a few hundred kilobytes, a batch a few megabytes. */
const STAGED_PARTS_PER_BATCH = 10;

/** Stages a job's parts (job_parts), body k as part `firstPart + k` (ADR 0047; a bundle read in parts stages each plan after its own message's number, ADR 0050). */
export async function stageJobParts(db: Database, jobId: string, bodies: readonly unknown[], firstPart = 0): Promise<void> {
  for (let start = 0; start < bodies.length; start += STAGED_PARTS_PER_BATCH) {
    const rows = bodies.slice(start, start + STAGED_PARTS_PER_BATCH).map((body, offset) => ({ jobId, part: firstPart + start + offset, body }));
    const [first, ...rest] = rows.map((row) => db.insert(jobParts).values(row));
    if (first) await db.batch([first, ...rest]);
  }
}

/** The body of part `part` still to be written; null once it has been (or when there is no such part). */
export async function findUnappliedJobPart(db: Database, jobId: string, part: number): Promise<unknown> {
  const row = await db.query.jobParts.findFirst({
    where: and(eq(jobParts.jobId, jobId), eq(jobParts.part, part), eq(jobParts.applied, 0)),
    columns: { body: true },
  });
  return row?.body ?? null;
}

/**
 * The statement that marks part `part` written, for the batch that writes it: a second mark breaks
 * the table's check and fails the whole batch, so two deliveries racing on one part write it once.
 */
export function markJobPartApplied(db: Database, jobId: string, part: number): BatchItem<"sqlite"> {
  return db
    .update(jobParts)
    .set({ applied: sql`${jobParts.applied} + 1` })
    .where(and(eq(jobParts.jobId, jobId), eq(jobParts.part, part)));
}

/** Drops a job's staged parts numbered from `from` to before `to`: a stage that stopped half-way, before it is staged again. */
export async function deleteJobPartRange(db: Database, jobId: string, range: { from: number; to: number }): Promise<void> {
  await db.delete(jobParts).where(and(eq(jobParts.jobId, jobId), gte(jobParts.part, range.from), lt(jobParts.part, range.to)));
}

/** The statement that drops a finished job's parts that were written, keeping those it stages only to be read (a bundle import's refused rows, ADR 0050). */
export function writtenJobPartsDeletion(db: Database, jobId: string) {
  return db.delete(jobParts).where(and(eq(jobParts.jobId, jobId), gt(jobParts.applied, 0)));
}

/** The bodies of a job's parts never written, in part order. */
export async function unwrittenJobParts(db: Database, jobId: string): Promise<unknown[]> {
  const rows = await db
    .select({ body: jobParts.body })
    .from(jobParts)
    .where(and(eq(jobParts.jobId, jobId), eq(jobParts.applied, 0)))
    .orderBy(jobParts.part);
  return rows.map((row) => row.body);
}

/** The statement that drops a finished job's staged parts, for its last part's batch. */
export function deleteJobParts(db: Database, jobId: string): BatchItem<"sqlite"> {
  return db.delete(jobParts).where(eq(jobParts.jobId, jobId));
}

/** A D1 statement as it is staged between parts: its SQL and its bound values. */
export type StagedStatement = { sql: string; params: unknown[] };

/** A drizzle statement (an insert, update or delete), for staging: the SQL and values it would run. */
export function stagedStatement(statement: BatchItem<"sqlite">): StagedStatement {
  const { sql: text, params } = (statement as unknown as { toSQL(): StagedStatement }).toSQL();
  return { sql: text, params };
}

/**
 * Writes one staged part of statements (ADR 0047) in one D1 batch, marked written first as a
 * roster part is; the staged rows go with the last. Answers false when it had already been written.
 */
export async function applyStagedStatements(
  { db, d1 }: { db: Database; d1: D1Database },
  staged: { jobId: string; part: number; last: boolean },
): Promise<boolean> {
  const { jobId, part } = staged;
  const statements = (await findUnappliedJobPart(db, jobId, part)) as StagedStatement[] | null;
  if (!statements) return false;
  const prepared = (statement: StagedStatement) => d1.prepare(statement.sql).bind(...statement.params);
  await d1.batch([
    prepared(stagedStatement(markJobPartApplied(db, jobId, part))),
    ...statements.map(prepared),
    ...(staged.last ? [prepared(stagedStatement(deleteJobParts(db, jobId)))] : []),
  ]);
  return true;
}

/** Deletes at most `limit` jobs that finished before `cutoff`, their parts with them (by cascade); how many it deleted. */
export async function deleteJobsFinishedBefore(db: Database, cutoff: Date, limit: number): Promise<number> {
  // created_at is never after finished_at: the condition on it lets the (status, created_at) index find them.
  const finishedBefore = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.status, ["succeeded", "failed"]), lt(jobs.createdAt, cutoff), lt(jobs.finishedAt, cutoff)))
    .limit(limit);
  const deleted = await db.delete(jobs).where(inArray(jobs.id, finishedBefore)).returning({ id: jobs.id });
  return deleted.length;
}
