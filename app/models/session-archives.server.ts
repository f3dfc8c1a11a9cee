import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { sessionAnswers, sessionArchives, testSessionRecords } from "~/db/schema";
import { insertGroups } from "~/lib/batching";

import { type GradingLogInput, gradingLogInserts } from "./grading-logs.server";

/**
 * Finished sessions' archives (ADR 0048): one R2 object a session, gzipped JSON, with the time it
 * was written on the session's D1 row; archives written before R2 stay in D1's `session_archives`
 * (base64), read back all the same.
 */

/** The R2 key of a session's archive. */
export const archiveKey = (sessionId: string) => `sessions/${sessionId}.json.gz`;

/**
 * Records on the session's row that its archive is in R2, and drops an older copy kept in D1 (a
 * session archived before R2, reopened by an override). "no_session" when D1 has no such session
 * any more (it was deleted or purged): the caller then deletes the archive it just wrote.
 */
export async function markSessionArchived(db: Database, sessionId: string): Promise<"marked" | "no_session"> {
  const [marked] = await db.batch([
    db.update(testSessionRecords).set({ archivedAt: new Date() }).where(eq(testSessionRecords.id, sessionId)),
    db.delete(sessionArchives).where(eq(sessionArchives.sessionId, sessionId)),
  ]);
  return marked.meta.changes > 0 ? "marked" : "no_session";
}

/** An archive kept in D1 before archives went to R2 (base64 of gzipped JSON), or null. */
export async function findSessionArchive(db: Database, sessionId: string): Promise<string | null> {
  const [row] = await db.select({ data: sessionArchives.data }).from(sessionArchives).where(eq(sessionArchives.sessionId, sessionId)).limit(1);
  return row?.data ?? null;
}

/** Deletes sessions' archives from R2 (the D1 copies of older ones go with their rows, by cascade). */
export async function deleteArchives(bucket: R2Bucket, sessionIds: readonly string[]): Promise<void> {
  // R2 deletes up to 1,000 keys a call.
  for (let start = 0; start < sessionIds.length; start += 1000) await bucket.delete(sessionIds.slice(start, start + 1000).map(archiveKey));
}

/** A finished session as its object leaves it once archived: its row, its answers, its grading logs and the archive itself (gzipped JSON). */
type ArchivedSession = {
  record: typeof testSessionRecords.$inferInsert & { id: string };
  answers: (typeof sessionAnswers.$inferInsert)[];
  logs: readonly GradingLogInput[];
  archive: Uint8Array;
};

/**
 * Writes finished sessions that never had a live object (demo data's sittings dated in earlier
 * windows) as archived ones: their D1 rows in one batch, then their archives to R2, so a read
 * through the session object finds the archive, as for any session older than its archiving delay.
 */
export async function insertArchivedSessions(db: Database, bucket: R2Bucket, sessions: readonly ArchivedSession[]): Promise<void> {
  const [first, ...rest] = sessions.flatMap((session) => [
    db.insert(testSessionRecords).values({ ...session.record, archivedAt: session.record.archivedAt ?? new Date() }),
    ...insertGroups(session.answers).map((group) => db.insert(sessionAnswers).values(group)),
    ...gradingLogInserts(db, session.logs),
  ]);
  if (first) await db.batch([first, ...rest]);
  await Promise.all(sessions.map((session) => bucket.put(archiveKey(session.record.id), session.archive)));
}
