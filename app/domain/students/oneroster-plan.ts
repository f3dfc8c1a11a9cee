import type { Role } from "~/domain/auth/roles";
import type { OneRosterBundle, RosterRefusal } from "~/domain/students/oneroster";
import { emailInUse, importedTeacherRole, studentAccountNotTeacher } from "~/domain/students/roster-access";
import { sameStudentRecord, studentDisplayName, type StudentInput, type StudentRecordFields } from "~/domain/students/student";

/**
 * The OneRoster import's rules (ADR 0028), pure: given the bundle and what D1 already holds of the
 * records it names, what the import creates, changes and removes, and which rows it refuses and
 * why. The store loads `existing` and writes the changes (models/oneroster.server.ts, ADR 0038).
 */

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

type ExistingStudent = StudentRecordFields & { id: string; sourceId: string | null; districtStudentId: string };
type ExistingAccount = { id: string; email: string; firstName: string | null; lastName: string | null; sourceId: string | null; role: Role };
type TeacherFields = { email: string; firstName: string | null; lastName: string | null; sourceId: string };

/** What D1 holds of the records a bundle names, loaded by the store before planning. */
export type RosterExisting = {
  /** Classes whose sourcedId is a class or an enrollment's class in the bundle. */
  classes: { id: string; sourceId: string; name: string; isActive: boolean }[];
  /** Student records by the bundle's sourcedIds, and by its district IDs. */
  studentsBySource: (ExistingStudent & { sourceId: string })[];
  studentsByDistrictId: ExistingStudent[];
  /** Which record holds each of the bundle's students' e-mail addresses. */
  studentEmails: { email: string; id: string }[];
  /** Records whose new district ID a walk-in of one of their classes already typed (`studentIdChanges`). */
  districtIdTakenInTheirClasses: ReadonlySet<string>;
  /** Accounts by the bundle's teacher sourcedIds, and by its teachers' e-mail addresses. */
  accountsBySource: (ExistingAccount & { sourceId: string })[];
  accountsByEmail: ExistingAccount[];
  /** The members and teachers of the known classes the enrollments name. */
  members: { cohortId: string; studentId: string; recordId: string | null }[];
  teaching: { cohortId: string; userId: string }[];
  /** Join codes no class holds yet, one for each new class (`newClassCount`). */
  freshJoinCodes: string[];
};

/** What the import writes, in the order it writes it. */
export type RosterChange =
  | { kind: "create-class"; id: string; name: string; joinCode: string; sourceId: string }
  | { kind: "update-class"; id: string; name: string; isActive: boolean }
  | { kind: "create-student"; id: string; student: StudentInput; sourceId: string }
  | { kind: "update-student"; id: string; student: StudentInput; sourceId: string; emailBefore: string | null }
  | { kind: "create-teacher"; id: string; account: TeacherFields }
  | { kind: "update-teacher"; id: string; account: TeacherFields }
  | { kind: "enroll-student"; cohortId: string; recordId: string; studentId: string; displayName: string }
  | { kind: "enroll-teacher"; cohortId: string; userId: string }
  | { kind: "unenroll-student"; cohortId: string; recordId: string }
  | { kind: "unenroll-teacher"; cohortId: string; userId: string };

/** How many classes the bundle adds: the store finds that many unused join codes. */
export function newClassCount(bundle: OneRosterBundle, knownSourceIds: ReadonlySet<string>): number {
  return bundle.classes.filter((row) => !knownSourceIds.has(row.sourcedId) && !row.removed).length;
}

/** The records whose district ID the bundle changes: the store checks each new ID against their classes' walk-ins. */
export function studentIdChanges(
  bundle: OneRosterBundle,
  existing: Pick<RosterExisting, "studentsBySource" | "studentsByDistrictId">,
): { recordId: string; districtId: string }[] {
  const bySource = new Map(existing.studentsBySource.map((row) => [row.sourceId, row]));
  const byDistrictId = new Map(existing.studentsByDistrictId.map((row) => [row.districtStudentId, row]));
  return bundle.students.flatMap((row) => {
    const record = bySource.get(row.sourcedId) ?? byDistrictId.get(row.student.studentId);
    return record && record.districtStudentId !== row.student.studentId ? [{ recordId: record.id, districtId: row.student.studentId }] : [];
  });
}

type Plan = { changes: RosterChange[]; outcome: OneRosterOutcome; refuse: (row: { file: string; line: number }, reason: string) => void };

/**
 * The import planned: classes found again by their sourcedId (new ones are rostered), students by
 * sourcedId or else by their district ID, teachers by sourcedId or else by e-mail (new ones get a
 * teacher account), and enrollments onto the classes' rosters and teachers. Planning the same
 * bundle against what it wrote plans no change. `newId` makes the new records' ids.
 */
export function planOneRoster(
  bundle: OneRosterBundle,
  existing: RosterExisting,
  options: { apply: boolean; newId?: () => string },
): { changes: RosterChange[]; outcome: OneRosterOutcome } {
  const outcome: OneRosterOutcome = {
    applied: options.apply,
    created: zero(),
    updated: zero(),
    unchanged: zero(),
    removed: { enrollments: 0 },
    refused: [...bundle.refused],
  };
  const plan: Plan = {
    changes: [],
    outcome,
    refuse: (row, reason) => outcome.refused.push({ file: row.file, line: row.line, reason }),
  };
  const newId = options.newId ?? (() => crypto.randomUUID());
  const classIds = planClasses(bundle, existing, plan, newId);
  const rosterStudents = planStudents(bundle, existing, plan, newId);
  const teacherAccounts = planTeachers(bundle, existing, plan, newId);
  planEnrollments(bundle, existing, plan, { classIds, rosterStudents, teacherAccounts });
  outcome.refused.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { changes: plan.changes, outcome };
}

/** Classes, by sourcedId: the id each of the bundle's classes has (or will have). */
function planClasses(bundle: OneRosterBundle, existing: RosterExisting, { changes, outcome }: Plan, newId: () => string): Map<string, string> {
  const known = new Map(existing.classes.map((row) => [row.sourceId, row]));
  const classIds = new Map(existing.classes.map((row) => [row.sourceId, row.id]));
  const codes = [...existing.freshJoinCodes];
  for (const row of bundle.classes) {
    const current = known.get(row.sourcedId);
    if (!current) {
      if (row.removed) continue;
      const id = newId();
      classIds.set(row.sourcedId, id);
      outcome.created.classes++;
      changes.push({ kind: "create-class", id, name: row.title, joinCode: codes.pop()!, sourceId: row.sourcedId });
      continue;
    }
    const name = row.removed ? current.name : row.title;
    if (current.name === name && current.isActive === !row.removed) {
      outcome.unchanged.classes++;
      continue;
    }
    outcome.updated.classes++;
    changes.push({ kind: "update-class", id: current.id, name, isActive: !row.removed });
  }
  return classIds;
}

type RosterStudent = { id: string; districtId: string; name: string };

/** Students, by sourcedId, or by district ID for a record added by hand before: who each sourcedId is on a roster. */
function planStudents(bundle: OneRosterBundle, existing: RosterExisting, { changes, outcome, refuse }: Plan, newId: () => string): Map<string, RosterStudent> {
  const bySource = new Map(existing.studentsBySource.map((row) => [row.sourceId, row]));
  const byDistrictId = new Map(existing.studentsByDistrictId.map((row) => [row.districtStudentId, row]));
  const emailHolders = new Map(existing.studentEmails.map((row) => [row.email, row.id]));
  const rosterStudents = new Map<string, RosterStudent>();
  for (const row of existing.studentsBySource)
    rosterStudents.set(row.sourceId, { id: row.id, districtId: row.districtStudentId, name: studentDisplayName(row) });
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
    if (record && record.districtStudentId !== student.studentId && existing.districtIdTakenInTheirClasses.has(record.id)) {
      refuse(row, `Student ID ${student.studentId} is already taken in one of this student's classes.`);
      continue;
    }
    const id = record?.id ?? newId();
    rosterStudents.set(row.sourcedId, { id, districtId: student.studentId, name: studentDisplayName(student) });
    if (!record) {
      outcome.created.students++;
      changes.push({ kind: "create-student", id, student, sourceId: row.sourcedId });
    } else if (sameStudentRecord(record, student) && record.sourceId === row.sourcedId) {
      outcome.unchanged.students++;
    } else {
      outcome.updated.students++;
      changes.push({ kind: "update-student", id, student, sourceId: row.sourcedId, emailBefore: record.email });
    }
  }
  return rosterStudents;
}

/** Teachers, by sourcedId or by e-mail: the account each teacher's sourcedId is (or will be). */
function planTeachers(bundle: OneRosterBundle, existing: RosterExisting, { changes, outcome, refuse }: Plan, newId: () => string): Map<string, string> {
  const accountsByEmail = new Map(existing.accountsByEmail.map((row) => [row.email, row]));
  const accountBySource = new Map(existing.accountsBySource.map((row) => [row.sourceId, row]));
  const teacherAccounts = new Map(existing.accountsBySource.map((row) => [row.sourceId, row.id]));
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
      const id = newId();
      teacherAccounts.set(row.sourcedId, id);
      outcome.created.teachers++;
      changes.push({ kind: "create-teacher", id, account: wanted });
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
    changes.push({ kind: "update-teacher", id: account.id, account: wanted });
  }
  return teacherAccounts;
}

/** Enrollments: students onto the class's roster, teachers onto the class's teachers; a delta's removals taken off. */
function planEnrollments(
  bundle: OneRosterBundle,
  existing: RosterExisting,
  { changes, outcome, refuse }: Plan,
  people: { classIds: Map<string, string>; rosterStudents: Map<string, RosterStudent>; teacherAccounts: Map<string, string> },
): void {
  const { classIds, rosterStudents, teacherAccounts } = people;
  const rostered = new Set(existing.members.filter((member) => member.recordId).map((member) => `${member.cohortId}|${member.recordId}`));
  const typedIds = new Set(existing.members.filter((member) => !member.recordId).map((member) => `${member.cohortId}|${member.studentId}`));
  const teaching = new Set(existing.teaching.map((row) => `${row.cohortId}|${row.userId}`));
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
      changes.push(
        row.role === "student" ? { kind: "unenroll-student", cohortId, recordId: personId } : { kind: "unenroll-teacher", cohortId, userId: personId },
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
      changes.push({ kind: "enroll-teacher", cohortId, userId: personId });
      continue;
    }
    const student = rosterStudents.get(row.userSourcedId)!;
    // A member who had typed this ID at join becomes the rostered student.
    if (typedIds.has(`${cohortId}|${student.districtId}`)) outcome.updated.enrollments++;
    else outcome.created.enrollments++;
    changes.push({ kind: "enroll-student", cohortId, recordId: student.id, studentId: student.districtId, displayName: student.name });
  }
}
