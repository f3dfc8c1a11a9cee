import { and, asc, eq, isNotNull, sql } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, students } from "~/db/schema";
import type { Scope } from "~/domain/auth/policy";
import { generateBadgeToken, generatePin } from "~/domain/classes/roster-identity";

import { auditStatement } from "./audit-log.server";
import { inTaughtClasses } from "./class-scope.server";

/**
 * A class's rostered members as identities (ADR 0029): each has a PIN and a badge secret, made
 * when they are put on the roster and kept through every later import.
 */

/**
 * The one statement that puts a student record on a class's roster: a member with the record's ID
 * and name, linked to it. A member who had typed that ID at join becomes the rostered student; a
 * member who already has a PIN and badge keeps them.
 */
export function upsertRosterMember(db: Database, classId: string, student: { recordId: string; studentId: string; displayName: string }) {
  return db
    .insert(cohortMembers)
    .values({
      cohortId: classId,
      studentId: student.studentId,
      displayName: student.displayName,
      studentRecordId: student.recordId,
      pin: generatePin(),
      badgeToken: generateBadgeToken(),
    })
    .onConflictDoUpdate({
      target: [cohortMembers.cohortId, cohortMembers.studentId],
      set: {
        displayName: student.displayName,
        studentRecordId: student.recordId,
        pin: sql`coalesce(${cohortMembers.pin}, excluded.pin)`,
        badgeToken: sql`coalesce(${cohortMembers.badgeToken}, excluded.badge_token)`,
        updatedAt: new Date(),
      },
    });
}

const rosterColumns = {
  id: cohortMembers.id,
  cohortId: cohortMembers.cohortId,
  studentId: cohortMembers.studentId,
  displayName: cohortMembers.displayName,
  studentRecordId: cohortMembers.studentRecordId,
  pin: cohortMembers.pin,
  /** The record's preferred language, which a join sets on a browser that has not chosen one (ADR 0045). */
  language: students.language,
};

/** The rostered member of a class with this district student ID, or with this member id (the join screen's pick); null when not on the roster. */
export async function findRosterMember(db: Database, classId: string, who: { studentId: string } | { memberId: string }) {
  const [member] = await db
    .select(rosterColumns)
    .from(cohortMembers)
    .leftJoin(students, eq(students.id, cohortMembers.studentRecordId))
    .where(
      and(
        eq(cohortMembers.cohortId, classId),
        isNotNull(cohortMembers.studentRecordId),
        "studentId" in who ? eq(cohortMembers.studentId, who.studentId) : eq(cohortMembers.id, who.memberId),
      ),
    )
    .limit(1);
  return member ?? null;
}

/** The rostered member whose badge holds this secret, with their class; null for a secret no badge holds (any more). */
export async function findMemberByBadge(db: Database, badgeToken: string) {
  const [row] = await db
    .select({ ...rosterColumns, isActive: cohorts.isActive, testConfigId: cohorts.testConfigId, cohortName: cohorts.name })
    .from(cohortMembers)
    .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
    .leftJoin(students, eq(students.id, cohortMembers.studentRecordId))
    .where(and(eq(cohortMembers.badgeToken, badgeToken), isNotNull(cohortMembers.studentRecordId)))
    .limit(1);
  return row ?? null;
}

/**
 * The names a rostered class's join screen offers to pick from, by name; the district IDs stay on
 * the server. `onlyStudentId`: a signed-in student is offered only themselves.
 */
export function listRosterNames(db: Database, classId: string, onlyStudentId?: string) {
  return db
    .select({ memberId: cohortMembers.id, name: cohortMembers.displayName })
    .from(cohortMembers)
    .where(
      and(
        eq(cohortMembers.cohortId, classId),
        isNotNull(cohortMembers.studentRecordId),
        onlyStudentId === undefined ? undefined : eq(cohortMembers.studentId, onlyStudentId),
      ),
    )
    .orderBy(asc(cohortMembers.displayName));
}

/** Every rostered member's badge (name, ID, PIN, secret) for the class's printable page, by name; none for a class outside the scope. */
export function listBadges(db: Database, classId: string, scope: Scope) {
  return db
    .select({
      memberId: cohortMembers.id,
      recordId: cohortMembers.studentRecordId,
      studentId: cohortMembers.studentId,
      name: cohortMembers.displayName,
      pin: cohortMembers.pin,
      badgeToken: cohortMembers.badgeToken,
    })
    .from(cohortMembers)
    .where(and(eq(cohortMembers.cohortId, classId), isNotNull(cohortMembers.studentRecordId), inTaughtClasses(cohortMembers.cohortId, scope)))
    .orderBy(asc(cohortMembers.displayName));
}

/**
 * A new PIN and badge secret for one rostered member (the old badge stops working), audited on
 * their record; false when they are not on the roster or the class is outside the scope.
 */
export async function regenerateBadge(db: Database, classId: string, memberId: string, actor: { id: string; email: string }, scope: Scope): Promise<boolean> {
  const [updated] = await db
    .update(cohortMembers)
    .set({ pin: generatePin(), badgeToken: generateBadgeToken(), updatedAt: new Date() })
    .where(
      and(
        eq(cohortMembers.cohortId, classId),
        eq(cohortMembers.id, memberId),
        isNotNull(cohortMembers.studentRecordId),
        inTaughtClasses(cohortMembers.cohortId, scope),
      ),
    )
    .returning({ recordId: cohortMembers.studentRecordId });
  if (!updated) return false;
  await auditStatement(db, actor, { action: "student.badge_renewed", studentRecordId: updated.recordId, subject: `class:${classId}` });
  return true;
}

/** Every member of a class (rostered or typed in at join) by name, for its live view (ADR 0046); null for a class outside the scope. */
export async function listMemberNames(db: Database, classId: string, scope: Scope) {
  const schoolClass = await db.query.cohorts.findFirst({ where: and(eq(cohorts.id, classId), inTaughtClasses(cohorts.id, scope)), columns: { id: true } });
  if (!schoolClass) return null;
  return db
    .select({ studentId: cohortMembers.studentId, studentName: cohortMembers.displayName })
    .from(cohortMembers)
    .where(eq(cohortMembers.cohortId, classId))
    .orderBy(asc(cohortMembers.displayName));
}
