import { and, asc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import type { Database } from "~/db/client.server";
import { aiGradingLogs, cohortMembers, cohorts, gradeOverrides, jobs, sessionAnswers, sessionArchives, students, testSessionRecords } from "~/db/schema";

/**
 * Everything the product holds about one student (ADR 0030), to export or erase: their record,
 * their class memberships, and their sessions with what hangs off them. A student's sessions are
 * those linked to their record and those typed under their district ID; the same goes for class
 * memberships (a check-in in an open class before they were rostered).
 */
type StudentRow = typeof students.$inferSelect;

/** D1 binds at most 100 values a query: work through ids 90 at a time. */
async function inChunks<Row>(ids: string[], run: (chunk: string[]) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < ids.length; start += 90) rows.push(...(await run(ids.slice(start, start + 90))));
  return rows;
}

const ownSessions = (student: StudentRow): SQL =>
  or(
    eq(testSessionRecords.studentRecordId, student.id),
    and(eq(testSessionRecords.userId, student.districtStudentId), isNull(testSessionRecords.studentRecordId)),
  )!;
const ownMemberships = (student: StudentRow): SQL =>
  or(eq(cohortMembers.studentRecordId, student.id), and(eq(cohortMembers.studentId, student.districtStudentId), isNull(cohortMembers.studentRecordId)))!;
/** Queued AI jobs carry the session they grade in their input. */
const jobsOfSessions = (ids: string[]) =>
  sql`json_extract(${jobs.input}, '$.sessionId') in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

export async function findStudentRow(db: Database, id: string): Promise<StudentRow | null> {
  return (await db.query.students.findFirst({ where: eq(students.id, id) })) ?? null;
}

export async function studentSessionIds(db: Database, student: StudentRow): Promise<string[]> {
  const rows = await db.select({ id: testSessionRecords.id }).from(testSessionRecords).where(ownSessions(student));
  return rows.map((row) => row.id);
}

/** The D1 half of a student's export: the record, memberships, sessions, answers, model grading logs and overrides. */
export async function readStudentRows(db: Database, student: StudentRow) {
  const sessionIds = await studentSessionIds(db, student);
  const [memberships, sessions, answers, gradingLogs, overrides] = await Promise.all([
    db
      .select({
        classId: cohorts.id,
        className: cohorts.name,
        studentId: cohortMembers.studentId,
        displayName: cohortMembers.displayName,
        rostered: sql<boolean>`${cohortMembers.studentRecordId} is not null`,
        joinedAt: cohortMembers.createdAt,
      })
      .from(cohortMembers)
      .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
      .where(ownMemberships(student))
      .orderBy(asc(cohorts.name)),
    inChunks(sessionIds, (chunk) => db.select().from(testSessionRecords).where(inArray(testSessionRecords.id, chunk))),
    inChunks(sessionIds, (chunk) => db.select().from(sessionAnswers).where(inArray(sessionAnswers.sessionId, chunk))),
    inChunks(sessionIds, (chunk) => db.select().from(aiGradingLogs).where(inArray(aiGradingLogs.sessionId, chunk))),
    inChunks(sessionIds, (chunk) => db.select().from(gradeOverrides).where(inArray(gradeOverrides.sessionId, chunk))),
  ]);
  // The resume code is a key to the session, not data about the student.
  const withoutKeys = sessions.map(({ resumeCode: _resumeCode, ...session }) => session);
  return { memberships: memberships.map((row) => ({ ...row, rostered: Boolean(row.rostered) })), sessions: withoutKeys, answers, gradingLogs, overrides };
}

/** How many rows of each kind erasing these sessions removes. */
async function countSessionRows(db: Database, ids: string[]) {
  const counts = { sessions: ids.length, answers: 0, gradingLogs: 0, overrides: 0, archives: 0, jobs: 0 };
  for (let start = 0; start < ids.length; start += 90) {
    const chunk = ids.slice(start, start + 90);
    const [row] = await db
      .select({
        answers: sql<number>`(select count(*) from ${sessionAnswers} where ${inArray(sessionAnswers.sessionId, chunk)})`,
        gradingLogs: sql<number>`(select count(*) from ${aiGradingLogs} where ${inArray(aiGradingLogs.sessionId, chunk)})`,
        overrides: sql<number>`(select count(*) from ${gradeOverrides} where ${inArray(gradeOverrides.sessionId, chunk)})`,
        archives: sql<number>`(select count(*) from ${sessionArchives} where ${inArray(sessionArchives.sessionId, chunk)})`,
        jobs: sql<number>`(select count(*) from ${jobs} where ${jobsOfSessions(chunk)})`,
      })
      .from(sql`(select 1)`);
    for (const key of ["answers", "gradingLogs", "overrides", "archives", "jobs"] as const) counts[key] += Number(row?.[key] ?? 0);
  }
  return counts;
}

/** The deletes that erase these sessions' D1 rows (answers, logs, overrides and archives by cascade) and their AI jobs, with their counts. */
export async function sessionErasure(db: Database, ids: string[]) {
  const counts = await countSessionRows(db, ids);
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < ids.length; start += 90) {
    const chunk = ids.slice(start, start + 90);
    statements.push(db.delete(jobs).where(jobsOfSessions(chunk)), db.delete(testSessionRecords).where(inArray(testSessionRecords.id, chunk)));
  }
  return { counts, statements };
}

/** The deletes that erase the student's record and memberships, with their counts. */
export async function recordErasure(db: Database, student: StudentRow) {
  const [memberships] = await db
    .select({ n: sql<number>`count(*)` })
    .from(cohortMembers)
    .where(ownMemberships(student));
  return {
    counts: { students: 1, enrollments: Number(memberships?.n ?? 0) },
    statements: [db.delete(cohortMembers).where(ownMemberships(student)), db.delete(students).where(eq(students.id, student.id))] as BatchItem<"sqlite">[],
  };
}
