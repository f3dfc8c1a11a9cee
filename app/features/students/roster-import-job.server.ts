import type { AppLoadContext } from "@remix-run/cloudflare";

import type { Database } from "~/db/client.server";
import type { CurrentUser } from "~/domain/auth/current-user";
import type { JobInput } from "~/domain/jobs/job-messages";
import { isLastPart, type JobStep, progressAfterPart, splitIntoParts } from "~/domain/jobs/job-parts";
import type { OneRosterOutcome, RosterChange } from "~/domain/students/oneroster-plan";
import { ROSTER_STATEMENTS_PER_PART, rosterPartPlan, rosterParts } from "~/domain/students/roster-parts";
import type { Env } from "~/env";
import { upstream } from "~/lib/errors";
import { applyStagedStatements, setJobProgress, type StagedStatement, stageJobParts } from "~/models/jobs.server";
import { applyRosterPart } from "~/models/oneroster.server";
import { enqueueJob } from "~/services/jobs.server";

/**
 * A planned OneRoster import too large for one request, written by the queue in parts (ADR 0047),
 * the way demo data is taken (ADR 0026): the request stages the plan's changes in job_parts and
 * queues part 0; each part writes its changes in one D1 batch, records the progress (changes
 * written of all) and queues the next; the last answers the import's outcome, the shape the
 * request answers when it writes the plan itself.
 */
type RosterImportInput = Extract<JobInput, { kind: "roster_import" }>;
type RosterCsvImportInput = Extract<JobInput, { kind: "roster_csv_import" }>;

/** Stages the plan and queues its first part; answers the job to follow (GET /api/jobs/{id}). */
export async function queueRosterImport(
  context: AppLoadContext,
  actor: CurrentUser,
  plan: { version: string; changes: RosterChange[]; outcome: OneRosterOutcome },
): Promise<string> {
  const parts = rosterParts(plan.changes);
  const input: RosterImportInput = {
    kind: "roster_import",
    version: plan.version,
    importedBy: { id: actor.id, email: actor.email },
    parts: parts.length,
    total: plan.changes.length,
    outcome: plan.outcome,
  };
  const { db } = context;
  const job = await enqueueJob(context.cloudflare.env.JOBS, db, input, actor.id, { done: 0, total: plan.changes.length }, (jobId) =>
    stageJobParts(db, jobId, parts),
  );
  if (job.status === "failed") throw upstream(`The import could not be queued: ${job.error ?? "the queue refused it."}`);
  return job.id;
}

/**
 * One part of a queued import. A part delivered again writes nothing more (its batch marks it
 * written, models/oneroster.server.ts) and still queues the next, in case the earlier delivery
 * stopped before it did; a part whose batch failed is written whole by the queue's retry.
 */
export async function runRosterImportPart(
  deps: { db: Database; env: Pick<Env, "JOBS"> },
  jobId: string,
  input: RosterImportInput,
  part: number,
): Promise<JobStep> {
  const { db, env } = deps;
  const plan = rosterPartPlan(input.total);
  const last = isLastPart(plan, part);
  await applyRosterPart(db, { jobId, part, last, version: input.version, outcome: input.outcome as OneRosterOutcome }, input.importedBy);
  await setJobProgress(db, jobId, progressAfterPart(plan, part));
  if (last) return { finished: true, result: input.outcome };
  await env.JOBS.send({ jobId, part: part + 1 });
  return { finished: false };
}

/**
 * A roster CSV import's statements (its plan, `importRoster`), staged in parts of
 * ROSTER_STATEMENTS_PER_PART and queued; `outcome` is the answer the request would have given.
 */
export async function queueRosterCsvImport(
  context: AppLoadContext,
  actor: CurrentUser,
  plan: { statements: StagedStatement[]; outcome: Record<string, unknown> },
): Promise<string> {
  const parts = splitIntoParts(plan.statements, ROSTER_STATEMENTS_PER_PART);
  const total = plan.statements.length;
  const input: RosterCsvImportInput = { kind: "roster_csv_import", parts: parts.length, total, outcome: plan.outcome };
  const { db } = context;
  const job = await enqueueJob(context.cloudflare.env.JOBS, db, input, actor.id, { done: 0, total }, (jobId) => stageJobParts(db, jobId, parts));
  if (job.status === "failed") throw upstream(`The import could not be queued: ${job.error ?? "the queue refused it."}`);
  return job.id;
}

/** One part of a queued roster CSV import: as a OneRoster part, its progress in statements. */
export async function runRosterCsvImportPart(
  deps: { db: Database; env: Pick<Env, "JOBS" | "DB"> },
  jobId: string,
  input: RosterCsvImportInput,
  part: number,
): Promise<JobStep> {
  const { db, env } = deps;
  const plan = { total: input.total, size: ROSTER_STATEMENTS_PER_PART };
  const last = isLastPart(plan, part);
  await applyStagedStatements({ db, d1: env.DB }, { jobId, part, last });
  await setJobProgress(db, jobId, progressAfterPart(plan, part));
  if (last) return { finished: true, result: input.outcome };
  await env.JOBS.send({ jobId, part: part + 1 });
  return { finished: false };
}
