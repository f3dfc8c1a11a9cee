import { and, eq, inArray } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, students } from "~/db/schema";
import {
  type Accommodations,
  accommodationsInClass,
  hasAccommodations,
  readAccommodations,
  type RosterAccommodations,
} from "~/domain/accommodations/accommodations";
import type { Scope } from "~/domain/auth/policy";
import { chunk, inChunks } from "~/lib/batching";
import { invalid } from "~/lib/errors";

import { auditStatement } from "./audit-log.server";
import { inTaughtClasses, taughtStudents } from "./class-scope.server";

/** D1 binds at most 100 parameters a statement. */
const IDS_PER_STATEMENT = 90;

/** Who changed them, for the audit log. */
type Actor = { id: string; email: string };

/** None is stored as null, so "has accommodations" is a plain `is not null`. */
const stored = (accommodations: Accommodations | null) => (accommodations && hasAccommodations(accommodations) ? accommodations : null);

/**
 * The accommodations a student starts with in a class (ADR 0032): the class's own for them, else
 * their record's. Null for a typed-in student the roster does not have, or one without any.
 */
export async function accommodationsAtStart(db: Database, classId: string, typedStudentId: string): Promise<Accommodations | null> {
  const [row] = await db
    .select({ record: students.accommodations, inClass: cohortMembers.accommodations })
    .from(cohortMembers)
    .innerJoin(students, eq(students.id, cohortMembers.studentRecordId))
    .where(and(eq(cohortMembers.cohortId, classId), eq(cohortMembers.studentId, typedStudentId)))
    .limit(1);
  if (!row) return null;
  return stored(accommodationsInClass(readAccommodations(row.record), readAccommodations(row.inClass)));
}

/**
 * Sets the accommodations on students' records (one or a roster's selection), with an audit entry
 * each, in one batch. Only students in the caller's scope are changed; answers the ids changed.
 */
export async function setRecordAccommodations(
  db: Database,
  actor: Actor,
  ids: readonly string[],
  accommodations: Accommodations,
  scope: Scope,
): Promise<string[]> {
  const visible = (
    await inChunks(
      ids,
      (group) =>
        db
          .select({ id: students.id })
          .from(students)
          .where(and(inArray(students.id, group), taughtStudents(students.id, scope))),
      // The teacher's scope binds a few parameters of its own.
      5,
    )
  ).map((row) => row.id);
  if (!visible.length) return [];
  const value = stored(accommodations);
  const [first, ...rest] = visible.map((id) =>
    auditStatement(db, actor, { action: "student.accommodations_changed", studentRecordId: id, detail: { accommodations: value } }),
  );
  await db.batch([
    first!,
    ...rest,
    ...chunk(visible, IDS_PER_STATEMENT).map((group) =>
      db.update(students).set({ accommodations: value, updatedAt: new Date() }).where(inArray(students.id, group)),
    ),
  ]);
  return visible;
}

/**
 * Sets (or, with null, clears) a class's own accommodations for some of its roster, replacing their
 * records' in that class only. Answers the record ids changed (students not on the roster are skipped).
 */
async function setClassAccommodations(
  db: Database,
  actor: Actor,
  classId: string,
  ids: readonly string[],
  accommodations: Accommodations | null,
): Promise<string[]> {
  if (!ids.length) return [];
  const members = await inChunks(
    ids,
    (group) =>
      db
        .select({ recordId: cohortMembers.studentRecordId })
        .from(cohortMembers)
        .where(and(eq(cohortMembers.cohortId, classId), inArray(cohortMembers.studentRecordId, group))),
    1,
  );
  const changed = members.flatMap((member) => (member.recordId ? [member.recordId] : []));
  if (!changed.length) return [];
  // Null clears the override; an override of "none" is kept as such, so the class can take a record's away.
  const value = accommodations;
  const [first, ...rest] = changed.map((id) =>
    auditStatement(db, actor, { action: "student.accommodations_changed", studentRecordId: id, subject: classId, detail: { inClass: value } }),
  );
  await db.batch([
    first!,
    ...rest,
    ...chunk(changed, IDS_PER_STATEMENT).map((group) =>
      db
        .update(cohortMembers)
        .set({ accommodations: value, updatedAt: new Date() })
        .where(and(eq(cohortMembers.cohortId, classId), inArray(cohortMembers.studentRecordId, group))),
    ),
  ]);
  return changed;
}

/**
 * Accommodations for students chosen on a class's roster (the roster page and its API): on their
 * records, or as the class's own. Students not on the roster are skipped and counted. Null for a
 * class that is unknown or outside the scope.
 */
export async function setRosterAccommodations(db: Database, actor: Actor, classId: string, input: RosterAccommodations, scope: Scope) {
  const [schoolClass] = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(and(eq(cohorts.id, classId), inTaughtClasses(cohorts.id, scope)))
    .limit(1);
  if (!schoolClass) return null;
  const onRoster = await inChunks(
    input.studentIds,
    (group) =>
      db
        .select({ id: cohortMembers.studentRecordId })
        .from(cohortMembers)
        .where(and(eq(cohortMembers.cohortId, classId), inArray(cohortMembers.studentRecordId, group))),
    1,
  );
  const ids = onRoster.flatMap((row) => (row.id ? [row.id] : []));
  let changed: string[];
  if (input.target === "class") changed = await setClassAccommodations(db, actor, classId, ids, input.accommodations);
  else if (input.accommodations) changed = await setRecordAccommodations(db, actor, ids, input.accommodations, scope);
  else throw invalid("refusals.accommodationsRequired", "accommodations");
  return { cohortId: classId, target: input.target, changed: changed.length, skipped: new Set(input.studentIds).size - changed.length };
}
