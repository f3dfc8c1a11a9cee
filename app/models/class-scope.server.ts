import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import type { Database } from "~/db/client.server";
import { cohorts } from "~/db/schema";
import type { Scope } from "~/domain/auth/policy";

/**
 * A teacher's reach in SQL (ADR 0031): the classes they created or co-teach, those classes'
 * sessions, and the students on those classes' rosters. A district scope adds no condition.
 * Something outside a teacher's reach is not found (404), never forbidden, so its existence is
 * not told either. The models apply these conditions themselves, from the scope their callers
 * must pass (`Scope`, made only by the policy table).
 */
// The subqueries name their tables and columns in plain SQL: drizzle's relational queries
// (`db.query.x.findFirst`) rename the columns of the table they read to its alias, which would
// also rename these when they read the same table (cohorts) or another one.
function taughtClassIds(scope: { teacherId: string }): SQL {
  return sql`select "id" from "cohorts" where "created_by" = ${scope.teacherId} union select "cohort_id" from "cohort_teachers" where "user_id" = ${scope.teacherId}`;
}

/** The condition that keeps rows whose class column is one the scope teaches (none for a district admin). */
export function inTaughtClasses(column: SQLiteColumn, scope: Scope): SQL | undefined {
  return scope.kind === "teacher" ? sql`${column} in (${taughtClassIds(scope)})` : undefined;
}

/** The condition that keeps students on a roster of a class the scope teaches. */
export function taughtStudents(column: SQLiteColumn, scope: Scope): SQL | undefined {
  return scope.kind === "teacher"
    ? sql`${column} in (select "student_record_id" from "cohort_members" where "cohort_id" in (${taughtClassIds(scope)}))`
    : undefined;
}

/** Whether a class is in the scope: for the models and services that read a class's data by its id. */
export async function canSeeClass(db: Database, scope: Scope, classId: string): Promise<boolean> {
  if (scope.kind === "district") return true;
  const [row] = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(and(eq(cohorts.id, classId), inTaughtClasses(cohorts.id, scope)))
    .limit(1);
  return Boolean(row);
}
