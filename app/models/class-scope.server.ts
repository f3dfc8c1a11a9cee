import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, cohortTeachers, testSessionRecords } from "~/db/schema";
import type { ClassScope } from "~/domain/auth/roles";

/**
 * A teacher's reach in SQL (ADR 0031): the classes they created or co-teach, those classes'
 * sessions, and the students on those classes' rosters. A district admin's scope is null: no
 * condition. Something outside a teacher's reach is not found (404), never forbidden, so its
 * existence is not told either.
 */
function taughtClassIds(scope: { teacherId: string }): SQL {
  return sql`select ${cohorts.id} from ${cohorts} where ${cohorts.createdBy} = ${scope.teacherId} union select ${cohortTeachers.cohortId} from ${cohortTeachers} where ${cohortTeachers.userId} = ${scope.teacherId}`;
}

/** The condition that keeps rows whose class column is one the scope teaches (none for a district admin). */
export function inTaughtClasses(column: SQLiteColumn, scope: ClassScope): SQL | undefined {
  return scope ? sql`${column} in (${taughtClassIds(scope)})` : undefined;
}

/** The condition that keeps students on a roster of a class the scope teaches. */
export function taughtStudents(column: SQLiteColumn, scope: ClassScope): SQL | undefined {
  return scope
    ? sql`${column} in (select ${cohortMembers.studentRecordId} from ${cohortMembers} where ${cohortMembers.cohortId} in (${taughtClassIds(scope)}))`
    : undefined;
}

export async function canSeeClass(db: Database, scope: ClassScope, cohortId: string): Promise<boolean> {
  if (!scope) return true;
  const [row] = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(and(eq(cohorts.id, cohortId), inTaughtClasses(cohorts.id, scope)))
    .limit(1);
  return Boolean(row);
}

export async function canSeeSession(db: Database, scope: ClassScope, sessionId: string): Promise<boolean> {
  if (!scope) return true;
  const [row] = await db
    .select({ id: testSessionRecords.id })
    .from(testSessionRecords)
    .where(and(eq(testSessionRecords.id, sessionId), inTaughtClasses(testSessionRecords.cohortId, scope)))
    .limit(1);
  return Boolean(row);
}
