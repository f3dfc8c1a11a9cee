import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { sessionAnswers, sessionArchives, testSessionRecords } from "~/db/schema";
import { insertGroups } from "~/lib/batching";

import { type GradingLogInput, gradingLogInserts } from "./grading-logs.server";

/**
 * Stores a session object's archive. "no_session" when D1 has no such session any more (it was
 * deleted or purged): there is then nothing to keep, and the object may empty itself all the same.
 */
export async function writeSessionArchive(db: Database, sessionId: string, data: string): Promise<"written" | "no_session"> {
  const [session] = await db.select({ id: testSessionRecords.id }).from(testSessionRecords).where(eq(testSessionRecords.id, sessionId)).limit(1);
  if (!session) return "no_session";
  await db
    .insert(sessionArchives)
    .values({ sessionId, data })
    .onConflictDoUpdate({ target: sessionArchives.sessionId, set: { data, archivedAt: new Date() } });
  return "written";
}

export async function findSessionArchive(db: Database, sessionId: string): Promise<string | null> {
  const [row] = await db.select({ data: sessionArchives.data }).from(sessionArchives).where(eq(sessionArchives.sessionId, sessionId)).limit(1);
  return row?.data ?? null;
}

/** A finished session as its object leaves it once archived: its row, its answers, its grading logs and the archive itself. */
type ArchivedSession = {
  record: typeof testSessionRecords.$inferInsert & { id: string };
  answers: (typeof sessionAnswers.$inferInsert)[];
  logs: readonly GradingLogInput[];
  archive: string;
};

/**
 * Writes finished sessions that never had a live object (demo data's sittings dated in earlier
 * windows) as archived ones, in one batch: a read through the session object finds the archive, as
 * for any session older than its archiving delay.
 */
export async function insertArchivedSessions(db: Database, sessions: readonly ArchivedSession[]): Promise<void> {
  const [first, ...rest] = sessions.flatMap((session) => [
    db.insert(testSessionRecords).values(session.record),
    ...insertGroups(session.answers).map((group) => db.insert(sessionAnswers).values(group)),
    ...gradingLogInserts(db, session.logs),
    db.insert(sessionArchives).values({ sessionId: session.record.id, data: session.archive }),
  ]);
  if (first) await db.batch([first, ...rest]);
}
