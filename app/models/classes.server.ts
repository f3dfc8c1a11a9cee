import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, cohortTeachers, tests, testSessionRecords, users } from "~/db/schema";
import type { Scope } from "~/domain/auth/policy";
import {
  type ClassCreateInput,
  type ClassMemberInput,
  type ClassUpdateInput,
  INACTIVE_CLASS,
  JOIN_CODE_TAKEN,
  resolveDefaultTest,
  UNKNOWN_TEST,
} from "~/domain/classes/class";
import { generateJoinCode, normalizeJoinCode } from "~/domain/classes/join-codes";
import { likePattern } from "~/domain/students/student";
import { conflict, invalid } from "~/lib/errors";

import { auditStatement } from "./audit-log.server";
import { inTaughtClasses } from "./class-scope.server";
import { isUniqueViolation } from "./db-errors.server";

/** Classes (cohorts), their join codes and their members. */

/** How many generated codes to try before giving up: with 32^8 codes, a second try is already rare. */
const GENERATED_CODE_ATTEMPTS = 5;

async function selectClasses(db: Database, where?: SQL) {
  const rows = await db
    .select({
      id: cohorts.id,
      name: cohorts.name,
      joinCode: cohorts.joinCode,
      testConfigId: cohorts.testConfigId,
      testMode: cohorts.testMode,
      testTitle: tests.title,
      isActive: cohorts.isActive,
      access: cohorts.access,
      aiGrading: cohorts.aiGrading,
      memberCount: sql<number>`(select count(*) from ${cohortMembers} where ${cohortMembers.cohortId} = ${cohorts.id})`,
      sessionCount: sql<number>`(select count(*) from ${testSessionRecords} where ${testSessionRecords.cohortId} = ${cohorts.id})`,
      createdAt: cohorts.createdAt,
      updatedAt: cohorts.updatedAt,
    })
    .from(cohorts)
    .leftJoin(tests, eq(tests.id, cohorts.testConfigId))
    .where(where)
    .orderBy(asc(cohorts.name), asc(cohorts.createdAt));
  return rows.map((row) => ({
    ...row,
    memberCount: Number(row.memberCount),
    sessionCount: Number(row.sessionCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

type ClassView = Awaited<ReturnType<typeof selectClasses>>[number];

/** Every class with its default test's title, member count and session count. */
export function listClassRecords(db: Database, scope: Scope): Promise<ClassView[]> {
  return selectClasses(db, inTaughtClasses(cohorts.id, scope));
}

/** A class this module has just written, read back as the API shows it. */
async function writtenClass(db: Database, id: string): Promise<ClassView> {
  // The row was inserted or updated in this request; only a concurrent delete could remove it.
  return (await findClassAcrossDistrict(db, id))!;
}

/** One class, or null when there is none or it is outside the scope (a teacher's classes). */
export async function findClass(db: Database, id: string, scope: Scope): Promise<ClassView | null> {
  return (await selectClasses(db, and(eq(cohorts.id, id), inTaughtClasses(cohorts.id, scope))))[0] ?? null;
}

/** One class wherever it is: for the district's own paths (a class just written, the demo data), never a teacher's request. */
export async function findClassAcrossDistrict(db: Database, id: string): Promise<ClassView | null> {
  return (await selectClasses(db, eq(cohorts.id, id)))[0] ?? null;
}

/**
 * The classes in the scope whose name contains `search` (ASCII case folded, % and _ literal), by
 * name, at most `limit` of them and whether there are more: what a class search box offers, never
 * every class (ADR 0049). The classes table is small beside students; a district has thousands.
 */
export async function searchClassChoices(db: Database, scope: Scope, search: string, limit: number) {
  const rows = await db
    .select({ id: cohorts.id, name: cohorts.name })
    .from(cohorts)
    .where(and(inTaughtClasses(cohorts.id, scope), sql`${cohorts.name} like ${likePattern(search)} escape '\\'`))
    .orderBy(asc(cohorts.name))
    .limit(limit + 1);
  return { classes: rows.slice(0, limit), more: rows.length > limit };
}

/** One class's id and name in the scope, or null: the class a filter has chosen. */
export async function findClassChoice(db: Database, scope: Scope, id: string) {
  const [row] = await db
    .select({ id: cohorts.id, name: cohorts.name })
    .from(cohorts)
    .where(and(eq(cohorts.id, id), inTaughtClasses(cohorts.id, scope)))
    .limit(1);
  return row ?? null;
}

/** A class's teachers (cohort_teachers: from a roster import or put on it by a district admin), by name; none for a class outside the scope. */
export function listClassTeachers(db: Database, classId: string, scope: Scope) {
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(cohortTeachers)
    .innerJoin(users, eq(users.id, cohortTeachers.userId))
    .where(and(eq(cohortTeachers.cohortId, classId), inTaughtClasses(cohortTeachers.cohortId, scope)))
    .orderBy(asc(users.lastName), asc(users.firstName));
}

/** A teacher put on a class (ADR 0040), audited; `added` is false when they already were on it. */
export async function addClassTeacherRecord(db: Database, classId: string, userId: string, actor: { id: string; email: string }) {
  const [row] = await db.insert(cohortTeachers).values({ cohortId: classId, userId }).onConflictDoNothing().returning({ id: cohortTeachers.id });
  if (row) await auditStatement(db, actor, { action: "class.teacher_added", subject: `class:${classId}`, detail: { account: userId } });
  return { added: Boolean(row) };
}

/** A teacher taken off a class, audited; false when they were not on it. The class's creator stays its owner. */
export async function removeClassTeacherRecord(db: Database, classId: string, userId: string, actor: { id: string; email: string }) {
  const removed = await db
    .delete(cohortTeachers)
    .where(and(eq(cohortTeachers.cohortId, classId), eq(cohortTeachers.userId, userId)))
    .returning({ id: cohortTeachers.id });
  if (removed.length) await auditStatement(db, actor, { action: "class.teacher_removed", subject: `class:${classId}`, detail: { account: userId } });
  return removed.length > 0;
}

/** The tests a class can default to, for the dialog's select. */
export function listTestChoices(db: Database) {
  return db.select({ id: tests.id, title: tests.title }).from(tests).orderBy(asc(tests.title));
}

async function assertTestExists(db: Database, testConfigId: string | null) {
  if (testConfigId && !(await db.query.tests.findFirst({ where: eq(tests.id, testConfigId), columns: { id: true } }))) {
    throw invalid(UNKNOWN_TEST);
  }
}

async function assertJoinCodeFree(db: Database, joinCode: string, exceptId: string | null) {
  const holder = await db.query.cohorts.findFirst({ where: eq(cohorts.joinCode, joinCode), columns: { id: true } });
  if (holder && holder.id !== exceptId) throw conflict(JOIN_CODE_TAKEN, "joinCode");
}

/**
 * Creates a class. A typed join code must be free (409 otherwise); none typed generates one,
 * trying again if the unique index says another class holds it. (`generateCode` is replaceable
 * so a test can force a collision.)
 */
export async function createClassRecord(
  db: Database,
  input: ClassCreateInput,
  createdBy: string | null,
  generateCode: () => string = generateJoinCode,
): Promise<ClassView> {
  const defaultTest = resolveDefaultTest(null, input);
  await assertTestExists(db, defaultTest.testConfigId);
  const insert = (joinCode: string) =>
    db
      .insert(cohorts)
      .values({
        name: input.name,
        isActive: input.isActive,
        access: input.access ?? "open",
        aiGrading: input.aiGrading ?? true,
        ...defaultTest,
        joinCode,
        createdBy,
      })
      .returning({ id: cohorts.id });

  if (input.joinCode) {
    await assertJoinCodeFree(db, input.joinCode, null);
    try {
      const [row] = await insert(input.joinCode);
      return writtenClass(db, row!.id);
    } catch (error) {
      // Another class took the code between the check and the insert.
      if (isUniqueViolation(error)) throw conflict(JOIN_CODE_TAKEN, "joinCode");
      throw error;
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await insert(generateCode());
      return writtenClass(db, row!.id);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= GENERATED_CODE_ATTEMPTS) throw error;
    }
  }
}

/** Updates a class: a blank join code keeps its own; test fields not sent keep theirs. Null for an unknown class or one outside the scope. */
export async function updateClassRecord(db: Database, id: string, input: ClassUpdateInput, scope: Scope): Promise<ClassView | null> {
  const existing = await db.query.cohorts.findFirst({ where: and(eq(cohorts.id, id), inTaughtClasses(cohorts.id, scope)) });
  if (!existing) return null;
  const defaultTest = resolveDefaultTest(existing, input);
  if (input.testConfigId !== undefined) await assertTestExists(db, defaultTest.testConfigId);
  const joinCode = input.joinCode ?? existing.joinCode;
  if (joinCode !== existing.joinCode) await assertJoinCodeFree(db, joinCode, id);
  try {
    await db
      .update(cohorts)
      .set({
        name: input.name,
        joinCode,
        ...defaultTest,
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
        ...(input.access === undefined ? {} : { access: input.access }),
        ...(input.aiGrading === undefined ? {} : { aiGrading: input.aiGrading }),
      })
      .where(eq(cohorts.id, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(JOIN_CODE_TAKEN, "joinCode");
    throw error;
  }
  return writtenClass(db, id);
}

/** Deletes a class in the scope and (by cascade) its members; its sessions stay, no longer linked to it. */
export async function deleteClassRecord(db: Database, id: string, scope: Scope): Promise<boolean> {
  return (
    (
      await db
        .delete(cohorts)
        .where(and(eq(cohorts.id, id), inTaughtClasses(cohorts.id, scope)))
        .returning({ id: cohorts.id })
    ).length > 0
  );
}

/** The newest class with this exact name that defaults to this test (the demo class, which generating demo data refreshes). */
export async function findClassByNameAndTest(db: Database, name: string, testConfigId: string) {
  const where = and(eq(cohorts.name, name), eq(cohorts.testConfigId, testConfigId));
  return (await db.query.cohorts.findFirst({ where, columns: { id: true }, orderBy: [desc(cohorts.createdAt)] })) ?? null;
}

/** What a signed-out student may learn from a join code, and nothing more. */
export async function findClassByJoinCode(db: Database, joinCode: string) {
  const row = await db.query.cohorts.findFirst({
    where: eq(cohorts.joinCode, normalizeJoinCode(joinCode)),
    columns: { id: true, name: true, isActive: true, access: true, testConfigId: true, testMode: true },
  });
  return row ?? null;
}

/**
 * Registers a student in a class, or renames them if their student id is already in it.
 * `created` says which, so the API can answer 201 or 200. Null for an unknown class.
 */
export async function addClassMember(db: Database, input: ClassMemberInput): Promise<{ studentId: string; created: boolean } | null> {
  const schoolClass = await db.query.cohorts.findFirst({ where: eq(cohorts.id, input.cohortId), columns: { isActive: true } });
  if (!schoolClass) return null;
  if (!schoolClass.isActive) throw conflict(INACTIVE_CLASS);
  const existing = await db.query.cohortMembers.findFirst({
    where: and(eq(cohortMembers.cohortId, input.cohortId), eq(cohortMembers.studentId, input.studentId)),
    columns: { id: true },
  });
  await db
    .insert(cohortMembers)
    .values(input)
    .onConflictDoUpdate({ target: [cohortMembers.cohortId, cohortMembers.studentId], set: { displayName: input.displayName, updatedAt: new Date() } });
  return { studentId: input.studentId, created: !existing };
}

/** Takes back a membership that a failed start created: a start is all or nothing (ADR 0014). */
export async function removeClassMember(db: Database, classId: string, studentId: string): Promise<void> {
  await db.delete(cohortMembers).where(and(eq(cohortMembers.cohortId, classId), eq(cohortMembers.studentId, studentId)));
}

/** What starting a session (and sending a student back to join it) needs to know about its class. */
export async function findClassForStart(db: Database, id: string) {
  return db.query.cohorts.findFirst({
    where: eq(cohorts.id, id),
    columns: { id: true, name: true, joinCode: true, isActive: true, access: true, aiGrading: true, testConfigId: true, testMode: true },
  });
}
