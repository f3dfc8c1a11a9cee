import { asc, desc, eq, min, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { auditLog, districtSettings, testSessionRecords } from "~/db/schema";
import { readRetentionDays, RETENTION_KEY, UNFINISHED_SESSION_SPAN_MS } from "~/domain/privacy/retention";

import { auditStatement } from "./audit-log.server";

/** When a session ended, in ms: its end time, or for one never finished, its start plus the longest a session may last. */
const endedAt = sql<number>`coalesce(${testSessionRecords.endTime}, ${testSessionRecords.startTime} + ${UNFINISHED_SESSION_SPAN_MS})`;

export async function readRetentionSetting(db: Database): Promise<number | null> {
  const row = await db.query.districtSettings.findFirst({ where: eq(districtSettings.key, RETENTION_KEY) });
  return readRetentionDays(row?.value);
}

/** Sets the retention (null: off), with an audit entry, together. */
export async function saveRetentionSetting(db: Database, days: number | null, actor: { id: string; email: string }): Promise<void> {
  await db.batch([
    db
      .insert(districtSettings)
      .values({ key: RETENTION_KEY, value: days, updatedBy: actor.id })
      .onConflictDoUpdate({ target: districtSettings.key, set: { value: days, updatedBy: actor.id, updatedAt: new Date() } }),
    auditStatement(db, actor, { action: "retention.changed", detail: { days } }),
  ]);
}

/** The sessions that ended before `cutoff`, oldest first, at most `limit`. */
export async function sessionsEndedBefore(db: Database, cutoff: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: testSessionRecords.id })
    .from(testSessionRecords)
    .where(sql`${endedAt} < ${cutoff}`)
    .orderBy(asc(endedAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** What the next purge would remove: how many sessions ended before `cutoff`, and when the oldest began. */
export async function retentionPreview(db: Database, cutoff: number) {
  const [row] = await db
    .select({ sessions: sql<number>`count(*)`, oldestStart: min(testSessionRecords.startTime) })
    .from(testSessionRecords)
    .where(sql`${endedAt} < ${cutoff}`);
  return { sessions: Number(row?.sessions ?? 0), oldestStart: row?.oldestStart ?? null };
}

/** The latest audit entry of an action: when, and its detail. */
async function latest(db: Database, action: "retention.purged" | "retention.purge_failed") {
  const [row] = await db
    .select({ at: auditLog.at, detail: auditLog.detail })
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  return row ?? null;
}

/** The last purge chunk that succeeded and the last run that failed, from the audit log (each failure and each chunk is recorded there). */
export async function lastPurges(db: Database) {
  const [success, failure] = await Promise.all([latest(db, "retention.purged"), latest(db, "retention.purge_failed")]);
  return {
    success: success && { at: success.at.getTime() },
    failure: failure && { at: failure.at.getTime(), reason: String(failure.detail?.reason ?? ""), left: Number(failure.detail?.left ?? 0) },
  };
}
