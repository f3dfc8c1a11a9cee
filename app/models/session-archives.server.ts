import { eq } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { sessionArchives, testSessionRecords } from "~/db/schema";

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
