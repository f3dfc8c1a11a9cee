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
 * Of `students` (a bundle's new ones, by sourcedId and district ID), those whose sourcedId or
 * district ID a deletion on request holds, each with the time of the latest such deletion (ISO).
 * Deletions on request are few beside a bundle's rows, so their hashes are read in one query and
 * matched here; only students no record matches are hashed (2 HMACs each: 100,000 take 3.2 s in
 * Node, so a district's re-import, whose students all have records, hashes next to none).
 */
export async function findDeletedOnRequest(
  db: Database,
  deletionKey: string,
  students: { sourcedId: string; districtId: string }[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (students.length === 0) return found;
  const deletions = await db.select().from(deletedStudents);
  if (deletions.length === 0) return found;
  const deletedAt = new Map<string, number>();
  const note = (hashKey: string | null, at: Date) => {
    if (hashKey && (deletedAt.get(hashKey) ?? -Infinity) < at.getTime()) deletedAt.set(hashKey, at.getTime());
  };
  for (const row of deletions) {
    note(row.sourceIdHash, row.deletedAt);
    note(row.districtIdHash, row.deletedAt);
  }
  const hash = await keyedHasher(deletionKey);
  for (const row of students) {
    const times = [deletedAt.get(await sourceKey(hash, row.sourcedId)), deletedAt.get(await districtKey(hash, row.districtId))].filter(
      (time): time is number => time !== undefined,
    );
    if (times.length) found.set(row.sourcedId, new Date(Math.max(...times)).toISOString());
  }
  return found;
}
