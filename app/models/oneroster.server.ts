import { and, eq, inArray, isNull, ne, or } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { alias } from "drizzle-orm/sqlite-core";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, cohortTeachers, students, users } from "~/db/schema";
import { type AuditAction, emailChangeDetail } from "~/domain/audit/audit-entry";
import { generateJoinCode } from "~/domain/classes/join-codes";
import type { OneRosterBundle } from "~/domain/students/oneroster";
import { newClassCount, type OneRosterOutcome, type RosterChange, type RosterExisting, studentIdChanges } from "~/domain/students/oneroster-plan";
import { studentDisplayName } from "~/domain/students/student";
import { assertNever } from "~/lib/assert-never";

import { auditStatement } from "./audit-log.server";
import { findDeletedOnRequest } from "./deleted-students.server";
import { deleteJobParts, findUnappliedJobPart, markJobPartApplied } from "./jobs.server";
import { upsertRosterMember } from "./roster-members.server";
import { studentColumns } from "./students.server";

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
 * What D1 holds of the records a OneRoster bundle names (ADR 0028), for `planOneRoster`: its
 * classes by sourcedId, its students by sourcedId, district ID and e-mail, its teachers' accounts by
 * sourcedId and e-mail, the known classes' members and teachers, and a fresh join code for each new
 * class (unless `joinCodes` is false: a later part of a bundle read in parts, whose classes are
 * the first part's to create, ADR 0050). Reads only; a bundle of 50,000 rows a file is looked up in chunks.
 */
export async function loadRosterExisting(
  db: Database,
  bundle: OneRosterBundle,
  deletionKey: string,
  options: { joinCodes: boolean } = { joinCodes: true },
): Promise<RosterExisting> {
  const studentEnrollments = bundle.enrollments.filter((row) => row.role === "student");
  const teacherEnrollments = bundle.enrollments.filter((row) => row.role === "teacher");
  const [knownClasses, studentsBySource, studentsByDistrictId, studentEmails, accountsBySource, accountsByEmail] = await Promise.all([
    findIn([...bundle.classes.map((row) => row.sourcedId), ...bundle.enrollments.map((row) => row.classSourcedId)], (chunk) =>
      db.select().from(cohorts).where(inArray(cohorts.sourceId, chunk)),
    ),
    findIn([...bundle.students.map((row) => row.sourcedId), ...studentEnrollments.map((row) => row.userSourcedId)], (chunk) =>
      db.select().from(students).where(inArray(students.sourceId, chunk)),
    ),
    findIn(
      bundle.students.map((row) => row.student.studentId),
      (chunk) => db.select().from(students).where(inArray(students.districtStudentId, chunk)),
    ),
    findIn(
      bundle.students.flatMap((row) => (row.student.email ? [row.student.email] : [])),
      (chunk) => db.select({ email: students.email, id: students.id }).from(students).where(inArray(students.email, chunk)),
    ),
    findIn([...bundle.teachers.map((row) => row.sourcedId), ...teacherEnrollments.map((row) => row.userSourcedId)], (chunk) =>
      db.select().from(users).where(inArray(users.sourceId, chunk)),
    ),
    findIn(
      bundle.teachers.map((row) => row.email),
      (chunk) => db.select().from(users).where(inArray(users.email, chunk)),
    ),
  ]);
  const classes = knownClasses.map((row) => ({ id: row.id, sourceId: row.sourceId!, name: row.name, isActive: row.isActive }));
  const bySource = studentsBySource.map((row) => ({ ...row, sourceId: row.sourceId! }));
  const recordSources = new Set(bySource.map((row) => row.sourceId));
  const recordDistrictIds = new Set(studentsByDistrictId.map((row) => row.districtStudentId));
  const enrolledClasses = new Set(bundle.enrollments.map((row) => row.classSourcedId));
  const involvedClasses = classes.filter((row) => enrolledClasses.has(row.sourceId)).map((row) => row.id);
  const involvedSet = new Set(involvedClasses);
  const bundleDistrictIds = new Set(bundle.students.map((row) => row.student.studentId));
  const recordIds = [...bySource.map((row) => row.id), ...studentsByDistrictId.map((row) => row.id)];
  const memberColumns = { cohortId: cohortMembers.cohortId, studentId: cohortMembers.studentId, recordId: cohortMembers.studentRecordId };
  const [districtIdTakenInTheirClasses, rosteredMembers, typedMembers, teaching, joinCodes, deletedOnRequest] = await Promise.all([
    districtIdsTakenInTheirClasses(db, studentIdChanges(bundle, { studentsBySource: bySource, studentsByDistrictId })),
    // The plan asks only about the bundle's own students: their memberships by record, and the
    // walk-ins of the known classes (members without a record) who typed one of their IDs. A
    // bundle read in parts (ADR 0050) so loads its part's students, not every member of a class.
    findIn(recordIds, (chunk) => db.select(memberColumns).from(cohortMembers).where(inArray(cohortMembers.studentRecordId, chunk))),
    findIn(involvedClasses, (chunk) =>
      db
        .select(memberColumns)
        .from(cohortMembers)
        .where(and(inArray(cohortMembers.cohortId, chunk), isNull(cohortMembers.studentRecordId))),
    ),
    findIn(involvedClasses, (chunk) =>
      db.select({ cohortId: cohortTeachers.cohortId, userId: cohortTeachers.userId }).from(cohortTeachers).where(inArray(cohortTeachers.cohortId, chunk)),
    ),
    options.joinCodes ? freshJoinCodes(db, newClassCount(bundle, new Set(classes.map((row) => row.sourceId)))) : [],
    // Only a student no record matches could be one deleted on request: the plan asks about no other.
    findDeletedOnRequest(
      db,
      deletionKey,
      bundle.students
        .filter((row) => !recordSources.has(row.sourcedId) && !recordDistrictIds.has(row.student.studentId))
        .map((row) => ({ sourcedId: row.sourcedId, districtId: row.student.studentId })),
    ),
  ]);
  return {
    classes,
    studentsBySource: bySource,
    studentsByDistrictId,
    studentEmails: studentEmails.flatMap((row) => (row.email ? [{ email: row.email, id: row.id }] : [])),
    districtIdTakenInTheirClasses,
    members: [
      ...rosteredMembers.filter((member) => involvedSet.has(member.cohortId)),
      ...typedMembers.filter((member) => bundleDistrictIds.has(member.studentId)),
    ],
    accountsBySource: accountsBySource.map((row) => ({ ...row, sourceId: row.sourceId! })),
    accountsByEmail,
    teaching,
    freshJoinCodes: joinCodes,
    deletedOnRequest,
  };
}

type Importer = { id: string; email: string };

/** One planned change as D1 statements, each identity change audited on its record, not only counted on the import (ADR 0030). */
function statementsOf(db: Database, change: RosterChange, importedBy: Importer, importSubject: string): BatchItem<"sqlite">[] {
  const audit = (action: AuditAction, studentRecordId: string, subject: string, detail: Record<string, unknown> = {}) =>
    auditStatement(db, importedBy, { action, studentRecordId, subject, detail: { ...detail, via: "oneroster" } });
  switch (change.kind) {
    case "create-class":
      return [
        db
          .insert(cohorts)
          .values({ id: change.id, name: change.name, joinCode: change.joinCode, access: "rostered", sourceId: change.sourceId, createdBy: importedBy.id }),
      ];
    case "update-class":
      return [db.update(cohorts).set({ name: change.name, isActive: change.isActive, updatedAt: new Date() }).where(eq(cohorts.id, change.id))];
    case "create-student":
      return [
        db.insert(students).values({ id: change.id, ...studentColumns(change.student), sourceId: change.sourceId }),
        audit("student.created", change.id, importSubject, change.recreated ? { recreatedAfterDeletion: true } : {}),
      ];
    case "update-student":
      return [
        db
          .update(students)
          .set({ ...studentColumns(change.student), sourceId: change.sourceId, updatedAt: new Date() })
          .where(eq(students.id, change.id)),
        db
          .update(cohortMembers)
          .set({ studentId: change.student.studentId, displayName: studentDisplayName(change.student), updatedAt: new Date() })
          .where(eq(cohortMembers.studentRecordId, change.id)),
        audit("student.updated", change.id, importSubject, emailChangeDetail(change.emailBefore, change.student.email)),
      ];
    case "create-teacher":
      return [db.insert(users).values({ id: change.id, ...change.account, role: "teacher" })];
    case "update-teacher":
      return [
        db
          .update(users)
          .set({ ...change.account, updatedAt: new Date() })
          .where(eq(users.id, change.id)),
      ];
    case "enroll-student":
      return [
        upsertRosterMember(db, change.cohortId, { recordId: change.recordId, studentId: change.studentId, displayName: change.displayName }),
        audit("student.enrolled", change.recordId, `class:${change.cohortId}`),
      ];
    case "enroll-teacher":
      return [db.insert(cohortTeachers).values({ cohortId: change.cohortId, userId: change.userId })];
    case "unenroll-student":
      return [
        audit("student.unenrolled", change.recordId, `class:${change.cohortId}`),
        db.delete(cohortMembers).where(and(eq(cohortMembers.cohortId, change.cohortId), eq(cohortMembers.studentRecordId, change.recordId))),
      ];
    case "unenroll-teacher":
      return [db.delete(cohortTeachers).where(and(eq(cohortTeachers.cohortId, change.cohortId), eq(cohortTeachers.userId, change.userId)))];
    default:
      return assertNever(change);
  }
}

/** The import's summary in the audit log: its counts, never its rows. */
function summaryStatement(db: Database, subject: string, outcome: OneRosterOutcome, importedBy: Importer) {
  const { applied: _applied, refused, refusedTotal, notes, notesTotal, deletedOnRequest, recreateDeleted, ...counts } = outcome;
  return auditStatement(db, importedBy, {
    action: "roster.imported",
    subject,
    // The answer lists only the first refused rows; a job queued before it counted them lists them all.
    detail: {
      ...counts,
      refused: refusedTotal ?? refused.length,
      notes: notesTotal ?? notes.length,
      deletedOnRequest: deletedOnRequest.length,
      recreateDeleted,
    },
  });
}

/**
 * Writes a planned OneRoster import in one D1 batch (a transaction): the import's summary in the
 * audit log, then every change in the plan's order. Applying the same bundle again plans no change.
 */
export async function applyRosterPlan(
  db: Database,
  plan: { version: string; changes: RosterChange[]; outcome: OneRosterOutcome },
  importedBy: Importer,
): Promise<void> {
  const importSubject = `oneroster:${plan.version}`;
  const summary = summaryStatement(db, importSubject, plan.outcome, importedBy);
  await db.batch([summary, ...plan.changes.flatMap((change) => statementsOf(db, change, importedBy, importSubject))]);
}

/**
 * Writes one staged part of a queued import (ADR 0047) in one D1 batch: the part marked written
 * first (a second delivery racing this one fails there, and nothing of its batch is kept), the
 * import's summary with the first part, the part's changes in the plan's order, and the staged
 * rows dropped with the last. Answers false when the part had already been written.
 */
export async function applyRosterPart(
  db: Database,
  staged: { jobId: string; part: number; last: boolean; version: string; outcome: OneRosterOutcome },
  importedBy: Importer,
): Promise<boolean> {
  const { jobId, part } = staged;
  const changes = (await findUnappliedJobPart(db, jobId, part)) as RosterChange[] | null;
  if (!changes) return false;
  const importSubject = `oneroster:${staged.version}`;
  await db.batch([
    markJobPartApplied(db, jobId, part),
    ...(part === 0 ? [summaryStatement(db, importSubject, staged.outcome, importedBy)] : []),
    ...changes.flatMap((change) => statementsOf(db, change, importedBy, importSubject)),
    ...(staged.last ? [deleteJobParts(db, jobId)] : []),
  ]);
  return true;
}

/** The statement of the import's summary in the audit log, written with the job's success once every part of an import read in parts is (ADR 0050). */
export function rosterImportSummary(db: Database, imported: { version: string; outcome: OneRosterOutcome }, importedBy: Importer) {
  return summaryStatement(db, `oneroster:${imported.version}`, imported.outcome, importedBy);
}
