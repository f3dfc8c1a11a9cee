import { and, asc, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, students, testSessionRecords } from "~/db/schema";
import { NO_ACCOMMODATIONS, readAccommodations } from "~/domain/accommodations/accommodations";
import { withScaleScore } from "~/domain/adaptive/scale";
import { emailChangeDetail } from "~/domain/audit/audit-entry";
import type { Scope } from "~/domain/auth/policy";
import { emailInUse, outsideYourClasses, rosterRowAccess } from "~/domain/students/roster-access";
import { sameStudentRecord, studentDisplayName, type StudentInput } from "~/domain/students/student";
import { conflict } from "~/lib/errors";

import { auditStatement } from "./audit-log.server";
import { inTaughtClasses, taughtStudents } from "./class-scope.server";
import { isUniqueViolation } from "./db-errors.server";
import { upsertRosterMember } from "./roster-members.server";

type StudentRow = typeof students.$inferSelect;

/** Who changes a record: the signed-in staff member, audited on the record (ADR 0030); what they may touch is their scope. */
type Editor = { id: string; email: string };

const classSubject = (classId: string | null) => (classId ? `class:${classId}` : null);

/** The API's shape of a student: our `id`, the district's `studentId`. */
export function studentView(row: StudentRow) {
  return {
    id: row.id,
    studentId: row.districtStudentId,
    givenName: row.givenName,
    familyName: row.familyName,
    grade: row.grade,
    email: row.email,
    status: row.status,
    language: row.language ?? null,
    accommodations: readAccommodations(row.accommodations) ?? NO_ACCOMMODATIONS,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
type StudentView = ReturnType<typeof studentView>;

/** The record's columns for a checked student. */
export const studentColumns = (input: StudentInput) => ({
  districtStudentId: input.studentId,
  givenName: input.givenName,
  familyName: input.familyName,
  grade: input.grade,
  email: input.email,
  status: input.status,
  // Left out, the record keeps the language it has (ADR 0045).
  ...(input.language !== undefined ? { language: input.language } : {}),
});

/** Says which unique value another student holds, as a refusal of that field (409). */
async function refuseTaken(db: Database, input: StudentInput, exceptId: string | null): Promise<never> {
  const holder = await db.query.students.findFirst({ where: eq(students.districtStudentId, input.studentId), columns: { id: true } });
  if (holder && holder.id !== exceptId) throw conflict("refusals.studentIdTaken", "studentId", { studentId: input.studentId });
  throw conflict("refusals.emailTaken", "email", { email: input.email ?? "" });
}

export async function createStudent(db: Database, input: StudentInput, editor: Editor): Promise<StudentView> {
  const id = crypto.randomUUID();
  try {
    const [[row]] = await db.batch([
      db
        .insert(students)
        .values({ id, ...studentColumns(input), createdBy: editor.id })
        .returning(),
      auditStatement(db, editor, { action: "student.created", studentRecordId: id }),
    ]);
    return studentView(row!);
  } catch (error) {
    if (isUniqueViolation(error)) return refuseTaken(db, input, null);
    throw error;
  }
}

/**
 * The student's record updated; null for an unknown id or a student outside the scope (nothing is
 * written). The class members linked to it take the new ID and name; the change is audited on the
 * record, with the old and new e-mail when it changes.
 */
export async function updateStudent(db: Database, id: string, input: StudentInput, editor: Editor, scope: Scope): Promise<StudentView | null> {
  const [current] = await db
    .select({ email: students.email })
    .from(students)
    .where(and(eq(students.id, id), taughtStudents(students.id, scope)))
    .limit(1);
  if (!current) return null;
  const change = emailChangeDetail(current.email, input.email);
  try {
    // One batch (a transaction): the record, its class members and the audit entry go together, or none does.
    const [[row]] = await db.batch([
      db
        .update(students)
        .set({ ...studentColumns(input), updatedAt: new Date() })
        .where(eq(students.id, id))
        .returning(),
      db
        .update(cohortMembers)
        .set({ studentId: input.studentId, displayName: studentDisplayName(input), updatedAt: new Date() })
        .where(eq(cohortMembers.studentRecordId, id)),
      auditStatement(db, editor, { action: "student.updated", studentRecordId: id, detail: Object.keys(change).length ? change : null }),
    ]);
    if (!row) return null;
    return studentView(row);
  } catch (error) {
    if (isUniqueViolation(error)) return refuseTaken(db, input, id);
    throw error;
  }
}

/**
 * One student with the classes whose roster has them and every session linked to them, newest
 * first; null for an unknown id. A teacher's scope sees only a student on a roster they teach,
 * and only those classes and their sessions.
 */
export async function findStudent(db: Database, id: string, scope: Scope) {
  return readStudent(db, id, scope);
}

/** One student wherever they are: for what only a district admin does (a student's export and deletion). */
export function findStudentAcrossDistrict(db: Database, id: string) {
  return readStudent(db, id, { kind: "district" });
}

async function readStudent(db: Database, id: string, scope: Scope) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.id, id), taughtStudents(students.id, scope)))
    .limit(1);
  if (!row) return null;
  const [classes, sessions] = await Promise.all([
    db
      .select({ id: cohorts.id, name: cohorts.name })
      .from(cohortMembers)
      .innerJoin(cohorts, eq(cohorts.id, cohortMembers.cohortId))
      .where(and(eq(cohortMembers.studentRecordId, id), inTaughtClasses(cohorts.id, scope)))
      .orderBy(asc(cohorts.name)),
    db
      .select({
        id: testSessionRecords.id,
        testConfigId: testSessionRecords.testConfigId,
        testTitle: testSessionRecords.testTitle,
        testMode: testSessionRecords.testMode,
        cohortId: testSessionRecords.cohortId,
        startTime: testSessionRecords.startTime,
        completed: testSessionRecords.completed,
        totalScore: testSessionRecords.totalScore,
        theta: testSessionRecords.theta,
        nonStandard: testSessionRecords.nonStandard,
      })
      .from(testSessionRecords)
      .where(and(eq(testSessionRecords.studentRecordId, id), inTaughtClasses(testSessionRecords.cohortId, scope)))
      .orderBy(desc(testSessionRecords.startTime)),
  ]);
  return { ...studentView(row), classes, sessions: sessions.map((session) => ({ ...withScaleScore(session), startTime: session.startTime.toISOString() })) };
}

/** The record a signed-in account's e-mail links to, if any. */
export async function findStudentByEmail(db: Database, email: string) {
  return (
    (await db.query.students.findFirst({
      where: eq(students.email, email.trim().toLowerCase()),
      columns: { id: true, districtStudentId: true, givenName: true, familyName: true },
    })) ?? null
  );
}

/** The record of the student on this class's roster with this typed ID, if any: what a session started under that ID belongs to. */
export async function findRosteredStudentId(db: Database, classId: string, typedStudentId: string): Promise<string | null> {
  const [member] = await db
    .select({ id: cohortMembers.studentRecordId })
    .from(cohortMembers)
    .where(and(eq(cohortMembers.cohortId, classId), eq(cohortMembers.studentId, typedStudentId), isNotNull(cohortMembers.studentRecordId)))
    .limit(1);
  return member?.id ?? null;
}

/** A class's roster: its members linked to a student record, by family name; null for an unknown class or one outside the scope. */
export async function listRoster(db: Database, classId: string, scope: Scope) {
  const schoolClass = await db.query.cohorts.findFirst({ where: and(eq(cohorts.id, classId), inTaughtClasses(cohorts.id, scope)), columns: { id: true } });
  if (!schoolClass) return null;
  const rows = await db
    .select({ student: students, inClass: cohortMembers.accommodations })
    .from(cohortMembers)
    .innerJoin(students, eq(students.id, cohortMembers.studentRecordId))
    .where(eq(cohortMembers.cohortId, classId))
    .orderBy(asc(students.familyName), asc(students.givenName));
  // `classAccommodations`: this class's own for the student (ADR 0032), null when the record's apply.
  return rows.map((row) => ({ ...studentView(row.student), classAccommodations: readAccommodations(row.inClass) }));
}

/**
 * The ids among these records in the scope's reach (ADR 0029): every one for a district admin; for a
 * teacher, those on a roster of a class they teach and those they made that are on no roster yet.
 * 90 a query, D1's limit being 100.
 */
async function recordsInReach(db: Database, scope: Scope, ids: string[]): Promise<Set<string>> {
  if (scope.kind === "district") return new Set(ids);
  const madeAndUnrostered = and(
    eq(students.createdBy, scope.teacherId),
    sql`not exists (select 1 from ${cohortMembers} where ${cohortMembers.studentRecordId} = ${students.id})`,
  );
  const inReach = new Set<string>();
  for (let start = 0; start < ids.length; start += 90) {
    const rows = await db
      .select({ id: students.id })
      .from(students)
      .where(and(inArray(students.id, ids.slice(start, start + 90)), or(taughtStudents(students.id, scope), madeAndUnrostered)));
    for (const row of rows) inReach.add(row.id);
  }
  return inReach;
}

/**
 * Puts a student on a class's roster: the class's member with the record's ID and name, linked to
 * the record (a member who had typed that ID at join becomes the rostered student). Answers which
 * record is missing, or whether the student was newly added (audited on the record). A teacher
 * enrolls only a student already on a roster of a class they teach (ADR 0029): any other record
 * is missing to them, as is a class outside the scope (ADR 0031).
 */
export async function enrollStudent(db: Database, classId: string, id: string, editor: Editor, scope: Scope) {
  const [schoolClass, student] = await Promise.all([
    db.query.cohorts.findFirst({ where: and(eq(cohorts.id, classId), inTaughtClasses(cohorts.id, scope)), columns: { id: true } }),
    db.query.students.findFirst({ where: eq(students.id, id) }),
  ]);
  if (!schoolClass) return { missing: "cohort" as const };
  if (!student) return { missing: "student" as const };
  const inCallersReach = (await recordsInReach(db, scope, [id])).has(id);
  if (rosterRowAccess(scope, { exists: true, inCallersReach }) === "refuse") return { missing: "student" as const };
  const existing = await db.query.cohortMembers.findFirst({
    where: and(eq(cohortMembers.cohortId, classId), eq(cohortMembers.studentId, student.districtStudentId)),
    columns: { studentRecordId: true },
  });
  const added = existing?.studentRecordId !== id;
  const upsert = upsertRosterMember(db, classId, { recordId: id, studentId: student.districtStudentId, displayName: studentDisplayName(student) });
  if (added) await db.batch([upsert, auditStatement(db, editor, { action: "student.enrolled", studentRecordId: id, subject: classSubject(classId) })]);
  else await upsert;
  return { added };
}

/** Takes a student off a class's roster (their sessions stay), audited on the record; false when they were not on it or the class is outside the scope. */
export async function unenrollStudent(db: Database, classId: string, id: string, editor: Editor, scope: Scope): Promise<boolean> {
  const removed = await db
    .delete(cohortMembers)
    .where(and(eq(cohortMembers.cohortId, classId), eq(cohortMembers.studentRecordId, id), inTaughtClasses(cohortMembers.cohortId, scope)))
    .returning({ id: cohortMembers.id });
  if (removed.length === 0) return false;
  await auditStatement(db, editor, { action: "student.unenrolled", studentRecordId: id, subject: classSubject(classId) });
  return true;
}

/** What a roster import did (or, previewed, would do), by kind, with every refused line. */
type RosterImportOutcome = {
  created: { students: number; enrollments: number };
  updated: { students: number };
  unchanged: { students: number; enrollments: number };
  refused: { line: number; reason: string }[];
};

/** D1 binds at most 100 values a query: look records up 90 at a time. */
async function findByDistrictIds(db: Database, ids: string[]): Promise<Map<string, StudentRow>> {
  const found = new Map<string, StudentRow>();
  for (let start = 0; start < ids.length; start += 90) {
    const rows = await db.query.students.findMany({ where: inArray(students.districtStudentId, ids.slice(start, start + 90)) });
    for (const row of rows) found.set(row.districtStudentId, row);
  }
  return found;
}

/**
 * Creates and updates the rows' student records and, with a class, puts them on its roster: all
 * in one D1 batch (a transaction), or nothing with `apply` false (the preview). Each row is
 * decided on its own (ADR 0029): a teacher's row whose ID is a record outside their classes is
 * refused, with nothing of that record changed or told, the same in the preview and the apply; a
 * row whose e-mail another record holds is refused without naming it. Each record created,
 * updated or enrolled is audited on the record. Importing the same rows again changes nothing.
 */
export async function importRoster(
  db: Database,
  rows: { line: number; student: StudentInput }[],
  options: {
    cohortId: string | null;
    apply: boolean;
    importedBy: Editor;
    scope: Scope;
    /** Takes the apply's statements instead of writing them in one batch (a large import is written by the queue in parts, ADR 0047). */
    write?: (statements: BatchItem<"sqlite">[]) => Promise<void>;
  },
): Promise<RosterImportOutcome | null> {
  const { cohortId: classId, importedBy, scope } = options;
  if (classId && !(await db.query.cohorts.findFirst({ where: and(eq(cohorts.id, classId), inTaughtClasses(cohorts.id, scope)), columns: { id: true } })))
    return null;
  const existing = await findByDistrictIds(
    db,
    rows.map((row) => row.student.studentId),
  );
  const inReach = await recordsInReach(
    db,
    scope,
    [...existing.values()].map((row) => row.id),
  );
  const emails = rows.flatMap((row) => (row.student.email ? [row.student.email] : []));
  const emailHolders = new Map<string, string>();
  for (let start = 0; start < emails.length; start += 90) {
    const holders = await db.query.students.findMany({
      where: inArray(students.email, emails.slice(start, start + 90)),
      columns: { email: true, districtStudentId: true },
    });
    for (const holder of holders) emailHolders.set(holder.email!, holder.districtStudentId);
  }
  const enrolled = new Set<string>();
  if (classId) {
    const members = await db
      .select({ studentId: cohortMembers.studentId })
      .from(cohortMembers)
      .where(and(eq(cohortMembers.cohortId, classId), isNotNull(cohortMembers.studentRecordId)));
    for (const member of members) enrolled.add(member.studentId);
  }

  const outcome: RosterImportOutcome = {
    created: { students: 0, enrollments: 0 },
    updated: { students: 0 },
    unchanged: { students: 0, enrollments: 0 },
    refused: [],
  };
  const writes: BatchItem<"sqlite">[] = [];
  const audit = (action: "student.created" | "student.updated" | "student.enrolled", studentRecordId: string, detail: Record<string, unknown> = {}) =>
    writes.push(auditStatement(db, importedBy, { action, studentRecordId, subject: classSubject(classId), detail: { ...detail, via: "csv" } }));
  for (const { line, student } of rows) {
    const record = existing.get(student.studentId);
    // Decided before anything else of the row is looked at, so a refused row tells nothing of the record.
    const access = rosterRowAccess(scope, record ? { exists: true, inCallersReach: inReach.has(record.id) } : { exists: false });
    if (access === "refuse") {
      outcome.refused.push({ line, reason: outsideYourClasses(student.studentId) });
      continue;
    }
    const holder = student.email ? emailHolders.get(student.email) : undefined;
    if (student.email && holder && holder !== student.studentId) {
      outcome.refused.push({ line, reason: emailInUse(student.email) });
      continue;
    }
    const id = record?.id ?? crypto.randomUUID();
    if (!record) {
      outcome.created.students++;
      writes.push(db.insert(students).values({ id, ...studentColumns(student), createdBy: importedBy.id }));
      audit("student.created", id);
    } else if (sameStudentRecord(record, student)) {
      outcome.unchanged.students++;
    } else {
      outcome.updated.students++;
      writes.push(
        db
          .update(students)
          .set({ ...studentColumns(student), updatedAt: new Date() })
          .where(eq(students.id, id)),
      );
      audit("student.updated", id, emailChangeDetail(record.email, student.email));
    }
    if (!classId) continue;
    if (enrolled.has(student.studentId) && record && sameStudentRecord(record, student)) {
      outcome.unchanged.enrollments++;
      continue;
    }
    if (enrolled.has(student.studentId)) outcome.unchanged.enrollments++;
    else {
      outcome.created.enrollments++;
      audit("student.enrolled", id);
    }
    writes.push(upsertRosterMember(db, classId, { recordId: id, studentId: student.studentId, displayName: studentDisplayName(student) }));
  }
  const summary = auditStatement(db, importedBy, {
    action: "roster.imported",
    subject: classId ? `csv:class:${classId}` : "csv",
    detail: { created: outcome.created, updated: outcome.updated, unchanged: outcome.unchanged, refused: outcome.refused.length },
  });
  if (options.apply) await (options.write ?? ((statements) => db.batch(statements as [BatchItem<"sqlite">])))([summary, ...writes]);
  return outcome;
}
