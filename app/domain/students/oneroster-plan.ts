import type { Role } from "~/domain/auth/roles";
import { codeWith } from "~/domain/i18n/coded";
import type { OneRosterBundle, RosterNote, RosterRefusal } from "~/domain/students/oneroster";
import { emailInUse, importedTeacherRole, studentAccountNotTeacher } from "~/domain/students/roster-access";
import { sameStudentRecord, studentDisplayName, studentIdOnEarlierLine, type StudentInput, type StudentRecordFields } from "~/domain/students/student";

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
  /** The first refused rows in the plan's order (`listedRows`, roster-refusals.ts); `refusedTotal` counts every one. */
  refused: RosterRefusal[];
  refusedTotal: number;
  /** The first rows taken with a change (an identifier that could not be a student ID, replaced by the sourcedId), cut as `refused` is; `notesTotal` counts every one. */
  notes: RosterNote[];
  notesTotal: number;
  /**
   * Students the bundle would create again after they were deleted on request (their sourcedId or
   * district ID matches a deletion's keyed hash), with the day of the deletion: skipped unless
   * `recreateDeleted`, then created.
   */
  deletedOnRequest: { file: string; line: number; deletedAt: string }[];
  recreateDeleted: boolean;
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
  /** The bundle's student sourcedIds whose student (by sourcedId or district ID) was deleted on request, with when (ISO). */
  deletedOnRequest: ReadonlyMap<string, string>;
};

/** What the import writes, in the order it writes it. */
export type RosterChange =
  | { kind: "create-class"; id: string; name: string; joinCode: string; sourceId: string }
  | { kind: "update-class"; id: string; name: string; isActive: boolean }
  | { kind: "create-student"; id: string; student: StudentInput; sourceId: string; recreated?: true }
  | { kind: "update-student"; id: string; student: StudentInput; sourceId: string; emailBefore: string | null }
  | { kind: "create-teacher"; id: string; account: TeacherFields }
  | { kind: "update-teacher"; id: string; account: TeacherFields }
  | { kind: "enroll-student"; cohortId: string; recordId: string; studentId: string; displayName: string }
  | { kind: "enroll-teacher"; cohortId: string; userId: string }
  | { kind: "unenroll-student"; cohortId: string; recordId: string }
  | { kind: "unenroll-teacher"; cohortId: string; userId: string };

/** An import's answer before anything is counted. */
export function emptyOutcome(options: { apply: boolean; recreateDeleted: boolean }): OneRosterOutcome {
  return {
    applied: options.apply,
    created: zero(),
    updated: zero(),
    unchanged: zero(),
    removed: { enrollments: 0 },
    refused: [],
    refusedTotal: 0,
    notes: [],
    notesTotal: 0,
    deletedOnRequest: [],
    recreateDeleted: options.recreateDeleted,
  };
}

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

type Plan = {
  changes: RosterChange[];
  outcome: OneRosterOutcome;
  refuse: (row: { file: string; line: number }, reason: string) => void;
  /** Users this plan refused or skipped, by sourcedId, with why an enrollment of theirs is skipped. */
  leftOut: Map<string, string>;
};

/**
 * Refusals in the order their causes come: a class or user row before the enrollments it makes
 * fail, then by line. Files the import does not name come last, by name.
 */
const FILE_ORDER = ["manifest.csv", "classes.csv", "users.csv", "roles.csv", "enrollments.csv"];
const fileRank = (file: string) => (FILE_ORDER.includes(file) ? FILE_ORDER.indexOf(file) : FILE_ORDER.length);
/** The order refused rows are listed in. */
export const refusalOrder = (a: { file: string; line: number }, b: { file: string; line: number }) =>
  fileRank(a.file) - fileRank(b.file) || a.file.localeCompare(b.file) || a.line - b.line;

/**
 * The import planned: classes found again by their sourcedId (new ones are rostered), students by
 * sourcedId or else by their district ID, teachers by sourcedId or else by e-mail (new ones get a
 * teacher account), and enrollments onto the classes' rosters and teachers. Planning the same
 * bundle against what it wrote plans no change. `newId` makes the new records' ids.
 */
export function planOneRoster(
  bundle: OneRosterBundle,
  existing: RosterExisting,
  options: { apply: boolean; recreateDeleted?: boolean; newId?: () => string },
): { changes: RosterChange[]; outcome: OneRosterOutcome } {
  const outcome: OneRosterOutcome = {
    ...emptyOutcome({ apply: options.apply, recreateDeleted: options.recreateDeleted ?? false }),
    refused: [...bundle.refused],
    notes: [...bundle.notes],
    notesTotal: bundle.notes.length,
  };
  const plan: Plan = {
    changes: [],
    outcome,
    refuse: (row, reason) => outcome.refused.push({ file: row.file, line: row.line, reason }),
    leftOut: new Map(),
  };
  const newId = options.newId ?? (() => crypto.randomUUID());
  const classIds = planClasses(bundle, existing, plan, newId);
  const rosterStudents = planStudents(bundle, existing, plan, newId);
  const teacherAccounts = planTeachers(bundle, existing, plan, newId);
  planEnrollments(bundle, existing, plan, { classIds, rosterStudents, teacherAccounts });
  outcome.refused.sort(refusalOrder);
  outcome.refusedTotal = outcome.refused.length;
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
function planStudents(bundle: OneRosterBundle, existing: RosterExisting, plan: Plan, newId: () => string): Map<string, RosterStudent> {
  const { changes, outcome, leftOut } = plan;
  const refuse = (row: { file: string; line: number; sourcedId: string }, reason: string) => {
    plan.refuse(row, reason);
    leftOut.set(row.sourcedId, userRefused({ user: row.sourcedId, file: row.file, line: row.line }));
  };
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
      refuse(row, studentIdOnEarlierLine(student.studentId, earlierLine));
      continue;
    }
    districtIdLines.set(student.studentId, row.line);
    const sameId = byDistrictId.get(student.studentId);
    const record = bySource.get(row.sourcedId) ?? sameId;
    if (sameId && sameId.id !== record?.id) {
      refuse(row, codeWith("roster.studentIdTakenByAnother", { studentId: student.studentId }));
      continue;
    }
    if (record?.sourceId && record.sourceId !== row.sourcedId) {
      refuse(row, codeWith("roster.studentIdTakenBySource", { studentId: student.studentId, sourcedId: record.sourceId }));
      continue;
    }
    const emailHolder = student.email ? emailHolders.get(student.email) : undefined;
    if (student.email && emailHolder && emailHolder !== record?.id) {
      refuse(row, emailInUse(student.email));
      continue;
    }
    if (record && record.districtStudentId !== student.studentId && existing.districtIdTakenInTheirClasses.has(record.id)) {
      refuse(row, codeWith("roster.studentIdTakenInClasses", { studentId: student.studentId }));
      continue;
    }
    const deletedAt = record ? undefined : existing.deletedOnRequest.get(row.sourcedId);
    if (deletedAt) {
      outcome.deletedOnRequest.push({ file: row.file, line: row.line, deletedAt });
      if (!outcome.recreateDeleted) {
        leftOut.set(row.sourcedId, codeWith("roster.studentDeletedOnRequest", { user: row.sourcedId, file: row.file, line: row.line }));
        continue;
      }
    }
    const id = record?.id ?? newId();
    rosterStudents.set(row.sourcedId, { id, districtId: student.studentId, name: studentDisplayName(student) });
    if (!record) {
      outcome.created.students++;
      changes.push({ kind: "create-student", id, student, sourceId: row.sourcedId, ...(deletedAt ? { recreated: true as const } : {}) });
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
function planTeachers(bundle: OneRosterBundle, existing: RosterExisting, plan: Plan, newId: () => string): Map<string, string> {
  const { changes, outcome, leftOut } = plan;
  const refuse = (row: { file: string; line: number; sourcedId: string }, reason: string) => {
    plan.refuse(row, reason);
    leftOut.set(row.sourcedId, userRefused({ user: row.sourcedId, file: row.file, line: row.line }));
  };
  const accountsByEmail = new Map(existing.accountsByEmail.map((row) => [row.email, row]));
  const accountBySource = new Map(existing.accountsBySource.map((row) => [row.sourceId, row]));
  const teacherAccounts = new Map(existing.accountsBySource.map((row) => [row.sourceId, row.id]));
  for (const row of bundle.teachers) {
    const account = accountBySource.get(row.sourcedId) ?? accountsByEmail.get(row.email);
    const emailHolder = accountsByEmail.get(row.email);
    if (emailHolder && account && emailHolder.id !== account.id) {
      refuse(row, codeWith("roster.accountEmailInUse", { email: row.email }));
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
  { changes, outcome, refuse, leftOut }: Plan,
  people: { classIds: Map<string, string>; rosterStudents: Map<string, RosterStudent>; teacherAccounts: Map<string, string> },
): void {
  const { classIds, rosterStudents, teacherAccounts } = people;
  const rostered = new Set(existing.members.filter((member) => member.recordId).map((member) => `${member.cohortId}|${member.recordId}`));
  const typedIds = new Set(existing.members.filter((member) => !member.recordId).map((member) => `${member.cohortId}|${member.studentId}`));
  const teaching = new Set(existing.teaching.map((row) => `${row.cohortId}|${row.userId}`));
  for (const row of bundle.enrollments) {
    const classId = classIds.get(row.classSourcedId);
    const personId = row.role === "student" ? rosterStudents.get(row.userSourcedId)?.id : teacherAccounts.get(row.userSourcedId);
    if (!classId || !personId) {
      if (row.removed) outcome.unchanged.enrollments++;
      else refuse(row, !classId ? classLeftOut(bundle, row.classSourcedId) : (leftOut.get(row.userSourcedId) ?? userLeftOut(bundle, row)));
      continue;
    }
    const key = `${classId}|${personId}`;
    const enrolled = row.role === "student" ? rostered : teaching;
    if (row.removed) {
      if (!enrolled.has(key)) {
        outcome.unchanged.enrollments++;
        continue;
      }
      enrolled.delete(key);
      outcome.removed.enrollments++;
      changes.push(
        row.role === "student"
          ? { kind: "unenroll-student", cohortId: classId, recordId: personId }
          : { kind: "unenroll-teacher", cohortId: classId, userId: personId },
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
      changes.push({ kind: "enroll-teacher", cohortId: classId, userId: personId });
      continue;
    }
    const student = rosterStudents.get(row.userSourcedId)!;
    // A member who had typed this ID at join becomes the rostered student.
    if (typedIds.has(`${classId}|${student.districtId}`)) outcome.updated.enrollments++;
    else outcome.created.enrollments++;
    changes.push({ kind: "enroll-student", cohortId: classId, recordId: student.id, studentId: student.districtId, displayName: student.name });
  }
}

/** Why an enrollment's class is not there: its row in classes.csv (removed or refused), or no row at all. */
function classLeftOut(bundle: OneRosterBundle, sourcedId: string): string {
  const seen = bundle.seen.classes.get(sourcedId);
  if (!seen) return codeWith("roster.classNotInBundle", { class: sourcedId });
  const where = { class: sourcedId, file: seen.file, line: seen.line };
  return seen.refused ? codeWith("roster.classRefused", where) : codeWith("roster.classMarked", { ...where, status: seen.what });
}

/** Why an enrollment's person is not there: their row in users.csv (refused, or another role), or no row at all. */
function userLeftOut(bundle: OneRosterBundle, row: { userSourcedId: string; role: "student" | "teacher" }): string {
  const seen = bundle.seen.users.get(row.userSourcedId);
  if (!seen) return codeWith(row.role === "student" ? "roster.studentNotInBundle" : "roster.teacherNotInBundle", { user: row.userSourcedId });
  const where = { user: row.userSourcedId, file: seen.file, line: seen.line };
  if (seen.refused) return userRefused(where);
  if (!seen.what) return codeWith("roster.userHasNoRole", where);
  return codeWith(/^[aeiou]/.test(seen.what) ? "roster.userIsAn" : "roster.userIsA", { ...where, role: seen.what });
}

/** An enrollment's person whose row in users.csv was refused. */
const userRefused = (where: { user: string; file: string; line: number }) => codeWith("roster.userRefused", where);

/**
 * The preview's line about students deleted on request that the bundle names: "1 student deleted
 * on request on Nov 26 would be re-created", then what happens to them; days in `timeZone`, with
 * the year when it is not this one.
 */
export function deletedOnRequestMessage(
  outcome: Pick<OneRosterOutcome, "applied" | "deletedOnRequest" | "recreateDeleted">,
  timeZone: string,
  now = new Date(),
): string | null {
  const count = outcome.deletedOnRequest.length;
  if (count === 0) return null;
  const yearOf = (date: Date) => new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone }).format(date);
  const day = (iso: string) => {
    const date = new Date(iso);
    const options: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", timeZone };
    if (yearOf(date) !== yearOf(now)) options.year = "numeric";
    return new Intl.DateTimeFormat("en-US", options).format(date);
  };
  const days = [...new Set([...outcome.deletedOnRequest].sort((a, b) => a.deletedAt.localeCompare(b.deletedAt)).map((row) => day(row.deletedAt)))];
  const when = days.length === 1 ? days[0] : `${days.slice(0, -1).join(", ")} and ${days[days.length - 1]}`;
  const who = `${count} ${count === 1 ? "student" : "students"} deleted on request on ${when}`;
  if (outcome.applied)
    return outcome.recreateDeleted ? `${who} ${count === 1 ? "was" : "were"} re-created.` : `${who} ${count === 1 ? "was" : "were"} left out.`;
  return `${who} would be re-created. They are left out unless you tick "Re-create them".`;
}
