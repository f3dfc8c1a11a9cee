import { inArray, or } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { deletedStudents } from "~/db/schema";
import { keyedHasher } from "~/lib/keyed-hash";

/**
 * Students deleted on request, kept as keyed hashes of their sourcedId and district student ID
 * (ADR 0028, amended): written in the erasure's batch, read by the OneRoster import. The two kinds
 * of id are hashed apart, so a sourcedId never matches a district ID that happens to be the same.
 */
type Hash = (text: string) => Promise<string>;
const sourceKey = (hash: Hash, sourcedId: string) => hash(`sourcedId:${sourcedId}`);
const districtKey = (hash: Hash, districtId: string) => hash(`districtId:${districtId}`);

/**
 * The statements that remember a deleted student by their hashes alone, for the erasure's batch
 * (a list: a query builder awaited on its own would run at once).
 */
export async function deletionStatements(db: Database, deletionKey: string, student: { sourceId: string | null; districtStudentId: string }) {
  const hash = await keyedHasher(deletionKey);
  const values = {
    sourceIdHash: student.sourceId ? await sourceKey(hash, student.sourceId) : null,
    districtIdHash: await districtKey(hash, student.districtStudentId),
  };
  return [db.insert(deletedStudents).values(values)];
}

/**
 * Of `students` (a bundle's, by sourcedId and district ID), those whose sourcedId or district ID
 * a deletion on request holds, each with the day of the latest such deletion (ISO).
 */
export async function findDeletedOnRequest(
  db: Database,
  deletionKey: string,
  students: { sourcedId: string; districtId: string }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (students.length === 0) return found;
  const hash = await keyedHasher(deletionKey);
  const keyed = await Promise.all(
    students.map(async (row) => ({
      sourcedId: row.sourcedId,
      source: await sourceKey(hash, row.sourcedId),
      district: await districtKey(hash, row.districtId),
    })),
  );
  const deletedAt = new Map<string, Date>();
  // Two lists of 45 hashes a query stay under D1's 100 bound values.
  for (let start = 0; start < keyed.length; start += 45) {
    const chunk = keyed.slice(start, start + 45);
    const rows = await db
      .select()
      .from(deletedStudents)
      .where(
        or(
          inArray(
            deletedStudents.sourceIdHash,
            chunk.map((row) => row.source),
          ),
          inArray(
            deletedStudents.districtIdHash,
            chunk.map((row) => row.district),
          ),
        ),
      );
    for (const row of rows) {
      for (const hashKey of [row.sourceIdHash, row.districtIdHash]) {
        if (!hashKey) continue;
        const earlier = deletedAt.get(hashKey);
        if (!earlier || earlier < row.deletedAt) deletedAt.set(hashKey, row.deletedAt);
      }
    }
  }
  for (const row of keyed) {
    const times = [deletedAt.get(row.source), deletedAt.get(row.district)].filter((time): time is Date => time !== undefined);
    if (times.length) found.set(row.sourcedId, new Date(Math.max(...times.map((time) => time.getTime()))).toISOString());
  }
  return found;
}
