import type { Database } from "~/db/client.server";
import { PURGE_CHUNK, PURGE_FAILURES, type PurgeFailureReason } from "~/domain/privacy/erasure";
import { FINISHED_JOBS_KEPT_DAYS, JOB_PURGE_BATCH, PURGE_BATCH, retentionCutoff } from "~/domain/privacy/retention";
import type { Env } from "~/env";
import { chunk } from "~/lib/batching";
import { DomainError } from "~/lib/errors";
import { recordAudit } from "~/models/audit-log.server";
import { removeFilesOfEndedImports } from "~/models/import-files.server";
import { deleteJobsFinishedBefore } from "~/models/jobs.server";
import { readRetentionSetting, sessionsEndedBefore } from "~/models/retention.server";
import { sessionsWithIds } from "~/models/student-data.server";

import { emptyListedSessionObjects, eraseSessions } from "./student-data.server";

type PurgeOutcome =
  { retention: "off" | number; purged: number; failed?: undefined } | { retention: "off" | number; purged: number; failed: PurgeFailureReason; left: number };

/** One chunk's batch, tried again once at once: a D1 hiccup should not cost a night. */
async function eraseChunk(db: Database, ids: string[]): Promise<void> {
  const erase = () => eraseSessions(db, sessionsWithIds(ids), { actor: null, action: "retention.purged" });
  try {
    await erase();
  } catch {
    await erase();
  }
}

/**
 * The scheduled purge (the Cron Trigger in wrangler.toml, ADR 0030). First it empties the session
 * objects earlier erasures left listed (a deletion or purge that failed or crashed halfway). Then,
 * with retention on, it erases up to PURGE_BATCH sessions that ended more than the chosen days ago,
 * PURGE_CHUNK at a time, each chunk its own complete D1 batch with its own audit entry, exactly as a
 * student's deletion erases theirs, and empties their objects. A chunk that fails twice stops the
 * run; the failure is audited with its reason (never the database's words) and shown on Data &
 * Privacy, and the next run takes up what is left.
 */
export async function purgeExpiredSessions(db: Database, env: Pick<Env, "TEST_SESSION">, now: number): Promise<PurgeOutcome> {
  let retention: PurgeOutcome["retention"] = "off";
  let sessionIds: string[] = [];
  let purged = 0;
  let left = 0;
  try {
    await emptyListedSessionObjects(db, env);
    const days = await readRetentionSetting(db);
    retention = days ?? "off";
    if (days !== null) sessionIds = await sessionsEndedBefore(db, retentionCutoff(now, days), PURGE_BATCH);
    for (const ids of chunk(sessionIds, PURGE_CHUNK)) {
      await eraseChunk(db, ids);
      purged += ids.length;
    }
    ({ left } = await emptyListedSessionObjects(db, env));
  } catch (error) {
    // An erasure's own failure is logged with the database's words where it happened.
    if (!(error instanceof DomainError)) console.error("Retention purge: a D1 statement failed", error);
    return failed(db, { retention, purged, failed: "database", left: sessionIds.length - purged });
  }
  if (left > 0) return failed(db, { retention, purged, failed: "session_objects", left });
  return { retention, purged };
}

async function failed(db: Database, outcome: Extract<PurgeOutcome, { failed: PurgeFailureReason }>): Promise<PurgeOutcome> {
  const { purged, failed: reason, left } = outcome;
  console.error(`Retention purge stopped: ${PURGE_FAILURES[reason]} ${purged} purged, ${left} left`);
  try {
    await recordAudit(db, null, { action: "retention.purge_failed", detail: { reason, purged, left } });
  } catch (error) {
    console.error("Recording the failed purge in the audit log failed too", error);
  }
  return outcome;
}

/**
 * The nightly deletion of jobs that finished more than FINISHED_JOBS_KEPT_DAYS ago, with their
 * parts (ADR 0052): one audit entry saying how many, none on a night with nothing to delete. Then
 * the files that ended imports left in the IMPORTS bucket.
 */
export async function purgeFinishedJobs(db: Database, env: Pick<Env, "IMPORTS">, now: number): Promise<number> {
  const deleted = await deleteJobsFinishedBefore(db, new Date(retentionCutoff(now, FINISHED_JOBS_KEPT_DAYS)), JOB_PURGE_BATCH);
  if (deleted > 0) await recordAudit(db, null, { action: "jobs.purged", detail: { deleted, keptDays: FINISHED_JOBS_KEPT_DAYS } });
  // An import removes its files when it ends; these are the ones an import that failed or crashed left behind.
  const leftBehind = await removeFilesOfEndedImports(db, env.IMPORTS);
  if (leftBehind > 0) console.warn(`Removed ${leftBehind} files that ended imports left in the IMPORTS bucket`);
  return deleted;
}
