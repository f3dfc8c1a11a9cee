import { and, eq, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, testSessionRecords as sessions } from "~/db/schema";

/**
 * A session's student by name (ADR 0016). Students have no account: the name is the one given at
 * join, in the class's member row (cohort_id, student_id), and a session knows only its class and
 * the student's ID. A session started through the API without a class has no name (null).
 */

/**
 * The name as a column of a query over `sessions`: one lookup in cohort_members' unique index
 * (cohort_id, student_id) per row read. The session's columns are qualified by hand: drizzle
 * leaves them bare in a one-table select, and inside the subquery a bare name is the member's.
 */
export const sessionStudentName = sql<string | null>`(select m.display_name from ${cohortMembers} as m
  where m.cohort_id = ${sessions}.cohort_id and m.student_id = ${sessions}.user_id)`;

/** Who took a session and in which class: the class's name and the student's name in it, each null when unknown. */
export async function findSessionStudent(db: Database, session: { cohortId: string | null; studentId: string }) {
  if (!session.cohortId) return { studentName: null, cohortName: null };
  const [row] = await db
    .select({ cohortName: cohorts.name, studentName: cohortMembers.displayName })
    .from(cohorts)
    .leftJoin(cohortMembers, and(eq(cohortMembers.cohortId, cohorts.id), eq(cohortMembers.studentId, session.studentId)))
    .where(eq(cohorts.id, session.cohortId))
    .limit(1);
  return { studentName: row?.studentName ?? null, cohortName: row?.cohortName ?? null };
}
