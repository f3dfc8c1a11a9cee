import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, students, tests, testSessionRecords } from "~/db/schema";
import { LOW_EFFORT_THRESHOLD } from "~/domain/adaptive/effort";
import { scaleScoreOfTheta, scaleSeOfThetaSe } from "~/domain/adaptive/scale";
import type { Scope } from "~/domain/auth/policy";
import type { ClassStudent } from "~/domain/growth/class-growth";
import { type GrowthSession, windowRange } from "~/domain/growth/growth";
import type { ContentLanguage } from "~/domain/questions/content-language";
import { studentDisplayName } from "~/domain/students/student";

import { canSeeClass, inTaughtClasses, taughtStudents } from "./class-scope.server";

/**
 * What growth reads (ADR 0031's scope applies to every read of a student): a student's sessions,
 * a class's roster with its students' sessions, and, for the nightly growth norms (ADR 0049),
 * every student's counted sessions in two windows. Sessions belong to a student through their record
 * (ADR 0027); a session of no record is nobody's growth.
 */

/** A session as the growth rules read it; the subject is the session's snapshot of its test's, else the test's own. */
const growthColumns = {
  id: testSessionRecords.id,
  testTitle: testSessionRecords.testTitle,
  subject: sql<string | null>`coalesce(${testSessionRecords.testSubject}, ${tests.subject})`,
  startTime: testSessionRecords.startTime,
  completed: testSessionRecords.completed,
  theta: testSessionRecords.theta,
  thetaSe: testSessionRecords.thetaSe,
  nonStandard: testSessionRecords.nonStandard,
  effort: testSessionRecords.effort,
  // The test's language (ADR 0044): a session of a deleted test reads as English.
  language: sql<ContentLanguage>`coalesce(${tests.language}, 'en')`,
};

type GrowthRow = Omit<GrowthSession, "startTime" | "scaleScore" | "scaleScoreSe"> & { startTime: Date; theta: number | null; thetaSe: number | null };
const asGrowthSession = ({ startTime, theta, thetaSe, ...row }: GrowthRow): GrowthSession => ({
  ...row,
  startTime: startTime.getTime(),
  scaleScore: scaleScoreOfTheta(theta),
  scaleScoreSe: scaleSeOfThetaSe(thetaSe),
});

/**
 * One student and their sessions for the growth page and the family report (with each session's
 * module recommendations); null for an unknown student or one a teacher does not teach. A teacher
 * reads only the sessions of the classes they teach, as on the student's page.
 */
export async function readStudentGrowth(db: Database, id: string, scope: Scope) {
  const [student] = await db
    .select({
      id: students.id,
      studentId: students.districtStudentId,
      givenName: students.givenName,
      familyName: students.familyName,
      grade: students.grade,
      language: students.language,
    })
    .from(students)
    .where(and(eq(students.id, id), taughtStudents(students.id, scope)))
    .limit(1);
  if (!student) return null;
  const rows = await db
    .select({ ...growthColumns, moduleRecommendations: testSessionRecords.moduleRecommendations })
    .from(testSessionRecords)
    .leftJoin(tests, eq(tests.id, testSessionRecords.testConfigId))
    .where(and(eq(testSessionRecords.studentRecordId, id), inTaughtClasses(testSessionRecords.cohortId, scope)))
    .orderBy(asc(testSessionRecords.startTime));
  return {
    student,
    sessions: rows.map(({ moduleRecommendations, ...row }) => ({ ...asGrowthSession(row), moduleRecommendations: moduleRecommendations ?? {} })),
  };
}

/**
 * A class and the students on its roster, by name, each with their sessions (in the classes the
 * reader teaches); null for an unknown class or one a teacher does not teach.
 */
export async function readClassGrowth(
  db: Database,
  classId: string,
  scope: Scope,
): Promise<{ cohort: { id: string; name: string }; students: ClassStudent[] } | null> {
  if (!(await canSeeClass(db, scope, classId))) return null;
  const [schoolClass] = await db.select({ id: cohorts.id, name: cohorts.name }).from(cohorts).where(eq(cohorts.id, classId)).limit(1);
  if (!schoolClass) return null;
  const roster = db
    .select({ id: cohortMembers.studentRecordId })
    .from(cohortMembers)
    .where(and(eq(cohortMembers.cohortId, classId), isNotNull(cohortMembers.studentRecordId)));
  const [members, rows] = await Promise.all([
    db
      .select({ id: students.id, givenName: students.givenName, familyName: students.familyName })
      .from(students)
      .where(inArray(students.id, roster))
      .orderBy(asc(students.familyName), asc(students.givenName)),
    db
      .select({ ...growthColumns, studentRecordId: testSessionRecords.studentRecordId })
      .from(testSessionRecords)
      .leftJoin(tests, eq(tests.id, testSessionRecords.testConfigId))
      .where(and(inArray(testSessionRecords.studentRecordId, roster), inTaughtClasses(testSessionRecords.cohortId, scope))),
  ]);
  const byStudent = new Map<string, GrowthSession[]>();
  for (const { studentRecordId, ...row } of rows) {
    if (studentRecordId) byStudent.set(studentRecordId, [...(byStudent.get(studentRecordId) ?? []), asGrowthSession(row)]);
  }
  return {
    cohort: schoolClass,
    students: members.map((member) => ({ id: member.id, name: studentDisplayName(member), sessions: byStudent.get(member.id) ?? [] })),
  };
}

/**
 * Every student's sessions district-wide that can be a window's score, in the two windows: what
 * the local norms are made of, read by the nightly job only (ADR 0049), never on a view. Only standard, effortful, finished, scored sessions (ADR 0032: norms
 * leave non-standard sessions out), filtered here so few rows leave D1; the growth rules check
 * the same marks again. No scope: the norms show no student, only where a growth ranks among many.
 */
export async function readNormSessionsAcrossDistrict(db: Database, windows: { startsOn: string; endsOn: string }[], timeZone: string) {
  const rows = await db
    .select({ ...growthColumns, studentRecordId: testSessionRecords.studentRecordId })
    .from(testSessionRecords)
    .leftJoin(tests, eq(tests.id, testSessionRecords.testConfigId))
    .where(
      and(
        or(
          ...windows.map((window) => {
            const { fromMs, untilMs } = windowRange(window, timeZone);
            return and(gte(testSessionRecords.startTime, new Date(fromMs)), lt(testSessionRecords.startTime, new Date(untilMs)));
          }),
        ),
        isNotNull(testSessionRecords.studentRecordId),
        eq(testSessionRecords.completed, true),
        eq(testSessionRecords.nonStandard, false),
        isNotNull(testSessionRecords.theta),
        isNotNull(testSessionRecords.thetaSe),
        or(isNull(testSessionRecords.effort), gte(testSessionRecords.effort, LOW_EFFORT_THRESHOLD)),
      ),
    );
  return rows.map(({ studentRecordId, ...row }) => ({ ...asGrowthSession(row), studentRecordId: studentRecordId! }));
}
