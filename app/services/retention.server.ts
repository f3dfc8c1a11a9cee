import type { Database } from "~/db/client.server";
import { PURGE_BATCH, retentionCutoff } from "~/domain/privacy/retention";
import type { Env } from "~/env";
import { readRetentionSetting, sessionsEndedBefore } from "~/models/retention.server";

import { eraseSessions } from "./student-data.server";

/**
 * The scheduled purge (the Cron Trigger in wrangler.toml, ADR 0030): with retention on, erases
 * up to PURGE_BATCH sessions that ended more than the chosen days ago, exactly as a student's
 * deletion erases theirs, and records it in the audit log. Off, it does nothing.
 */
export async function purgeExpiredSessions(db: Database, env: Pick<Env, "TEST_SESSION">, now: number) {
  const days = await readRetentionSetting(db);
  if (days === null) return { retention: "off" as const, purged: 0 };
  const sessionIds = await sessionsEndedBefore(db, retentionCutoff(now, days), PURGE_BATCH);
  if (sessionIds.length === 0) return { retention: days, purged: 0 };
  await eraseSessions(db, env, sessionIds, { actor: null, action: "retention.purged" });
  return { retention: days, purged: sessionIds.length };
}
