import { and, eq, inArray, isNull, ne, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, cohortTeachers, students, users } from "~/db/schema";
import { type AuditAction, emailChangeDetail } from "~/domain/audit/audit-entry";
import { generateJoinCode } from "~/domain/classes/join-codes";
import type { OneRosterBundle, RosterRefusal } from "~/domain/students/oneroster";
import { emailInUse, importedTeacherRole, studentAccountNotTeacher } from "~/domain/students/roster-access";
import { studentDisplayName } from "~/domain/students/student";

import { auditStatement } from "./audit-log.server";
import { upsertRosterMember } from "./roster-members.server";
import { sameStudentRecord, studentColumns } from "./students.server";

type Counts = { classes: number; students: number; enrollments: number; teachers: number };
const zero = (): Counts => ({ classes: 0, students: 0, enrollments: 0, teachers: 0 });

/** What a OneRoster import did (or, previewed, would do), by kind, with every refused row's file and line. */
export type OneRosterOutcome = {
  applied: boolean;
  created: Counts;
  updated: Counts;
  unchanged: Counts;
  /** Enrollments a delta bundle marked to be deleted that were there. */
  removed: { enrollments: number };
  refused: RosterRefusal[];
};

/** D1 binds at most 100 values a query: look rows up 90 keys at a time. */
async function findIn<Row>(keys: Iterable<string>, find: (chunk: string[]) => Promise<Row[]>): Promise<Row[]> {
  const unique = [...new Set(keys)].filter(Boolean);
  const rows: Row[] = [];
  for (let start = 0; start < unique.length; start += 90) rows.push(...(await find(unique.slice(start, start + 90))));
  return rows;
}

/** Join codes for the new classes that no class holds yet. */
async function freshJoinCodes(db: Database, count: number): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < count) {
    const candidates = Array.from({ length: count - codes.size }, () => generateJoinCode());
    const taken = new Set(
      (await findIn(candidates, (chunk) => db.select({ code: cohorts.joinCode }).from(cohorts).where(inArray(cohorts.joinCode, chunk)))).map((row) => row.code),
    );
    for (const code of candidates) if (!taken.has(code)) codes.add(code);
  }
  return [...codes];
}

/**
 * The records among `changes` whose new district ID another member of one of their classes
 * already has (a walk-in who typed it in an open class): their memberships cannot take it (one ID
 * a class), so the preview refuses the row that the apply's batch would fail on.
 */
async function districtIdsTakenInTheirClasses(db: Database, changes: { recordId: string; districtId: string }[]): Promise<Set<string>> {
  const mine = alias(cohortMembers, "mine");
  const taken = new Set<string>();
  // Two bound values a change: 45 changes a query stay under D1's 100.
  for (let start = 0; start < changes.length; start += 45) {
    const chunk = changes.slice(start, start + 45);
    const rows = await db
      .select({ recordId: mine.studentRecordId })
      .from(mine)
      .innerJoin(cohortMembers, eq(cohortMembers.cohortId, mine.cohortId))
      .where(
        and(
          or(...chunk.map((change) => and(eq(mine.studentRecordId, change.recordId), eq(cohortMembers.studentId, change.districtId)))),
          or(isNull(cohortMembers.studentRecordId), ne(cohortMembers.studentRecordId, mine.studentRecordId)),
        ),
      );
    for (const row of rows) if (row.recordId) taken.add(row.recordId);
  }
  return taken;
}

/**
 * Applies a OneRoster bundle (ADR 0028): classes found again by their sourcedId (new ones are
 * rostered), students by sourcedId or else by their district ID, teachers by sourcedId or else by
 * e-mail (new ones get a teacher account that signs in through the district's OIDC), and
 * enrollments onto the classes' rosters and teachers. Everything is written in one D1 batch (a
 * transaction), or nothing when previewing; applying the same bundle again changes nothing.
 */
export async function importOneRoster(
  db: Database,
  bundle: OneRosterBundle,
  options: { apply: boolean; importedBy: { id: string; email: string } },
): Promise<OneRosterOutcome> {
  const outcome: OneRosterOutcome = {
    applied: options.apply,
    created: zero(),
    updated: zero(),
    unchanged: zero(),
    removed: { enrollments: 0 },
    refused: [...bundle.refused],
  };
  const refuse = (row: { file: string; line: number }, reason: string) => outcome.refused.push({ file: row.file, line: row.line, reason });
  const writes: BatchItem<"sqlite">[] = [];
  // Each identity change is audited on its record, not only counted on the import (ADR 0030).
  const audit = (action: AuditAction, studentRecordId: string, subject: string, detail: Record<string, unknown> = {}) =>
    writes.push(auditStatement(db, options.importedBy, { action, studentRecordId, subject, detail: { ...detail, via: "oneroster" } }));
  const importSubject = `oneroster:${bundle.version}`;

  // Classes, by sourcedId.
  const knownClasses = await findIn([...bundle.classes.map((row) => row.sourcedId), ...bundle.enrollments.map((row) => row.classSourcedId)], (chunk) =>
    db.select().from(cohorts).where(inArray(cohorts.sourceId, chunk)),
  );
  const classIds = new Map(knownClasses.map((row) => [row.sourceId!, row.id]));
  // By sourcedId, so matching stays linear in the bundle's size (a bundle may hold 50,000 rows a file).
  const knownClassBySource = new Map(knownClasses.map((row) => [row.sourceId!, row]));
  const newClasses = bundle.classes.filter((row) => !classIds.has(row.sourcedId) && !row.removed);
  const codes = await freshJoinCodes(db, newClasses.length);
  for (const row of bundle.classes) {
    const known = knownClassBySource.get(row.sourcedId);
    if (!known) {
      if (row.removed) continue;
      const id = crypto.randomUUID();
      classIds.set(row.sourcedId, id);
      outcome.created.classes++;
      writes.push(
        db
          .insert(cohorts)
          .values({ id, name: row.title, joinCode: codes.pop()!, access: "rostered", sourceId: row.sourcedId, createdBy: options.importedBy.id }),
      );
      continue;
    }
    const name = row.removed ? known.name : row.title;
    if (known.name === name && known.isActive === !row.removed) {
      outcome.unchanged.classes++;
      continue;
    }
    outcome.updated.classes++;
    writes.push(db.update(cohorts).set({ name, isActive: !row.removed, updatedAt: new Date() }).where(eq(cohorts.id, known.id)));
  }

  // Students, by sourcedId, or by district ID for a record added by hand before.
  const studentEnrollments = bundle.enrollments.filter((row) => row.role === "student");
  const bySource = new Map(
    (
      await findIn([...bundle.students.map((row) => row.sourcedId), ...studentEnrollments.map((row) => row.userSourcedId)], (chunk) =>
        db.select().from(students).where(inArray(students.sourceId, chunk)),
      )
    ).map((row) => [row.sourceId!, row]),
  );
  const byDistrictId = new Map(
    (
      await findIn(
        bundle.students.map((row) => row.student.studentId),
        (chunk) => db.select().from(students).where(inArray(students.districtStudentId, chunk)),
      )
    ).map((row) => [row.districtStudentId, row]),
  );
  const emailHolders = new Map(
    (
      await findIn(
        bundle.students.flatMap((row) => (row.student.email ? [row.student.email] : [])),
        (chunk) => db.select({ email: students.email, id: students.id }).from(students).where(inArray(students.email, chunk)),
      )
    ).map((row) => [row.email!, row.id]),
  );
  const rosterStudents = new Map<string, { id: string; districtId: string; name: string }>();
  for (const row of bySource.values()) rosterStudents.set(row.sourceId!, { id: row.id, districtId: row.districtStudentId, name: studentDisplayName(row) });
  const idChanges = bundle.students.flatMap((row) => {
    const record = bySource.get(row.sourcedId) ?? byDistrictId.get(row.student.studentId);
    return record && record.districtStudentId !== row.student.studentId ? [{ recordId: record.id, districtId: row.student.studentId }] : [];
  });
  const idTakenInTheirClasses = await districtIdsTakenInTheirClasses(db, idChanges);
  const districtIdLines = new Map<string, number>();
  for (const row of bundle.students) {
    const { student } = row;
    const earlierLine = districtIdLines.get(student.studentId);
    if (earlierLine !== undefined) {
      refuse(row, `Student ID ${student.studentId} is already on line ${earlierLine}.`);
      continue;
    }
    districtIdLines.set(student.studentId, row.line);
    const sameId = byDistrictId.get(student.studentId);
    const record = bySource.get(row.sourcedId) ?? sameId;
    if (sameId && sameId.id !== record?.id) {
      refuse(row, `Student ID ${student.studentId} belongs to another student.`);
      continue;
    }
    if (record?.sourceId && record.sourceId !== row.sourcedId) {
      refuse(row, `Student ID ${student.studentId} belongs to another student (sourcedId ${record.sourceId}).`);
      continue;
    }
    const emailHolder = student.email ? emailHolders.get(student.email) : undefined;
    if (student.email && emailHolder && emailHolder !== record?.id) {
      refuse(row, emailInUse(student.email));
      continue;
    }
    if (record && record.districtStudentId !== student.studentId && idTakenInTheirClasses.has(record.id)) {
      refuse(row, `Student ID ${student.studentId} is already taken in one of this student's classes.`);
      continue;
    }
    const id = record?.id ?? crypto.randomUUID();
    rosterStudents.set(row.sourcedId, { id, districtId: student.studentId, name: studentDisplayName(student) });
    if (!record) {
      outcome.created.students++;
      writes.push(db.insert(students).values({ id, ...studentColumns(student), sourceId: row.sourcedId }));
      audit("student.created", id, importSubject);
    } else if (sameStudentRecord(record, student) && record.sourceId === row.sourcedId) {
      outcome.unchanged.students++;
    } else {
      outcome.updated.students++;
      writes.push(
        db
          .update(students)
          .set({ ...studentColumns(student), sourceId: row.sourcedId, updatedAt: new Date() })
          .where(eq(students.id, id)),
        db
          .update(cohortMembers)
          .set({ studentId: student.studentId, displayName: studentDisplayName(student), updatedAt: new Date() })
          .where(eq(cohortMembers.studentRecordId, id)),
      );
      audit("student.updated", id, importSubject, emailChangeDetail(record.email, student.email));
    }
  }

  // Teachers, by sourcedId or by e-mail: an account of their own that signs in through the district's OIDC.
  const teacherEnrollments = bundle.enrollments.filter((row) => row.role === "teacher");
  const accountsBySource = await findIn([...bundle.teachers.map((row) => row.sourcedId), ...teacherEnrollments.map((row) => row.userSourcedId)], (chunk) =>
    db.select().from(users).where(inArray(users.sourceId, chunk)),
  );
  const accountsByEmail = new Map(
    (
      await findIn(
        bundle.teachers.map((row) => row.email),
        (chunk) => db.select().from(users).where(inArray(users.email, chunk)),
      )
    ).map((row) => [row.email, row]),
  );
  const teacherAccounts = new Map(accountsBySource.map((row) => [row.sourceId!, row.id]));
  const accountBySource = new Map(accountsBySource.map((row) => [row.sourceId!, row]));
  for (const row of bundle.teachers) {
    const account = accountBySource.get(row.sourcedId) ?? accountsByEmail.get(row.email);
    const emailHolder = accountsByEmail.get(row.email);
    if (emailHolder && account && emailHolder.id !== account.id) {
      refuse(row, `Another account already has the e-mail address ${row.email}.`);
      continue;
    }
    // An import never changes an account's role: a student's account named as a teacher is refused.
    if (account && !importedTeacherRole(account.role)) {
      refuse(row, studentAccountNotTeacher(row.email));
      continue;
    }
    const wanted = { email: row.email, firstName: row.givenName || null, lastName: row.familyName || null, sourceId: row.sourcedId };
    if (!account) {
      const id = crypto.randomUUID();
      teacherAccounts.set(row.sourcedId, id);
      outcome.created.teachers++;
      writes.push(db.insert(users).values({ id, ...wanted, role: "teacher" }));
      continue;
    }
    teacherAccounts.set(row.sourcedId, account.id);
    if (
      account.email === wanted.email &&
      account.firstName === wanted.firstName &&
      account.lastName === wanted.lastName &&
      account.sourceId === wanted.sourceId
    ) {
      outcome.unchanged.teachers++;
      continue;
    }
    outcome.updated.teachers++;
    writes.push(
      db
        .update(users)
        .set({ ...wanted, updatedAt: new Date() })
        .where(eq(users.id, account.id)),
    );
  }

  // Enrollments: students onto the class's roster, teachers onto the class's teachers.
  const involvedClasses = [...new Set(bundle.enrollments.map((row) => classIds.get(row.classSourcedId)).filter((id): id is string => Boolean(id)))];
  const members = await findIn(involvedClasses, (chunk) =>
    db
      .select({ cohortId: cohortMembers.cohortId, studentId: cohortMembers.studentId, recordId: cohortMembers.studentRecordId })
      .from(cohortMembers)
      .where(inArray(cohortMembers.cohortId, chunk)),
  );
  const rostered = new Set(members.filter((member) => member.recordId).map((member) => `${member.cohortId}|${member.recordId}`));
  const typedIds = new Set(members.filter((member) => !member.recordId).map((member) => `${member.cohortId}|${member.studentId}`));
  const teaching = new Set(
    (await findIn(involvedClasses, (chunk) => db.select().from(cohortTeachers).where(inArray(cohortTeachers.cohortId, chunk)))).map(
      (row) => `${row.cohortId}|${row.userId}`,
    ),
  );
  for (const row of bundle.enrollments) {
    const cohortId = classIds.get(row.classSourcedId);
    const personId = row.role === "student" ? rosterStudents.get(row.userSourcedId)?.id : teacherAccounts.get(row.userSourcedId);
    if (!cohortId || !personId) {
      if (row.removed) outcome.unchanged.enrollments++;
      else if (!cohortId) refuse(row, `Class ${row.classSourcedId} is not in classes.csv or an earlier import.`);
      else refuse(row, `${row.role === "student" ? "Student" : "Teacher"} ${row.userSourcedId} is not in users.csv or an earlier import.`);
      continue;
    }
    const key = `${cohortId}|${personId}`;
    const enrolled = row.role === "student" ? rostered : teaching;
    if (row.removed) {
      if (!enrolled.has(key)) {
        outcome.unchanged.enrollments++;
        continue;
      }
      enrolled.delete(key);
      outcome.removed.enrollments++;
      if (row.role === "student") audit("student.unenrolled", personId, `class:${cohortId}`);
      writes.push(
        row.role === "student"
          ? db.delete(cohortMembers).where(and(eq(cohortMembers.cohortId, cohortId), eq(cohortMembers.studentRecordId, personId)))
          : db.delete(cohortTeachers).where(and(eq(cohortTeachers.cohortId, cohortId), eq(cohortTeachers.userId, personId))),
      );
      continue;
    }
    if (enrolled.has(key)) {
      outcome.unchanged.enrollments++;
      continue;
    }
    enrolled.add(key);
    if (row.role === "teacher") {
      outcome.created.enrollments++;
      writes.push(db.insert(cohortTeachers).values({ cohortId, userId: personId }));
      continue;
    }
    const student = rosterStudents.get(row.userSourcedId)!;
    // A member who had typed this ID at join becomes the rostered student.
    if (typedIds.has(`${cohortId}|${student.districtId}`)) outcome.updated.enrollments++;
    else outcome.created.enrollments++;
    writes.push(upsertRosterMember(db, cohortId, { recordId: student.id, studentId: student.districtId, displayName: student.name }));
    audit("student.enrolled", student.id, `class:${cohortId}`);
  }

  outcome.refused.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const { applied: _applied, refused, ...counts } = outcome;
  const summary = auditStatement(db, options.importedBy, {
    action: "roster.imported",
    subject: importSubject,
    detail: { ...counts, refused: refused.length },
  });
  if (options.apply) await db.batch([summary, ...writes]);
  return outcome;
}
