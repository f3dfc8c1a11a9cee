import { and, asc, eq, getTableColumns, inArray, isNotNull, like, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import type { Database } from "~/db/client.server";
import {
  aiGradingLogs,
  attemptThrottle,
  auditLog,
  cohortMembers,
  cohorts,
  gradeOverrides,
  jobs,
  sessionAnswers,
  sessionArchives,
  sessionDiscards,
  students,
  testSessionRecords,
  users,
} from "~/db/schema";
import { chunk, D1_MAX_BOUND_PARAMETERS, inChunks } from "~/lib/batching";

import { gradingLogColumns } from "./grading-logs.server";
import { answerQuestionText } from "./question-texts.server";

/**
 * Everything the product holds about one student (ADR 0030), to export or erase: their record,
 * their class memberships, their sign-in account, and their sessions with what hangs off them.
 * A student's sessions and memberships are those linked to their record. A session typed under
 * their district ID in a class whose roster does not have them is not theirs: anyone can type an
 * ID, so it may be someone else's, and it stays out of their export and their erasure.
 *
 * Every statement binds a few values, or at most a chunk of ids, whatever the number of sessions:
 * D1 refuses a statement with more than 100 (lib/batching.ts).
 */
type StudentRow = typeof students.$inferSelect;

/** Which sessions an erasure covers, as a condition on `sessions`: a student's, or a chunk of ids. */
export type SessionSelection = SQL;

export const linkedTo = (student: StudentRow): SessionSelection => eq(testSessionRecords.studentRecordId, student.id);
/** Ids one statement may name, leaving room for the statement's own values. */
const IDS_PER_STATEMENT = D1_MAX_BOUND_PARAMETERS - 10;

export const sessionsWithIds = (ids: readonly string[]): SessionSelection => {
  if (ids.length > IDS_PER_STATEMENT) throw new Error(`At most ${IDS_PER_STATEMENT} session ids a statement`);
  return inArray(testSessionRecords.id, [...ids]);
};

const ownMemberships = (student: StudentRow): SQL => eq(cohortMembers.studentRecordId, student.id);
const selectedIds = (db: Database, selection: SessionSelection) => db.select({ id: testSessionRecords.id }).from(testSessionRecords).where(selection);
/** Queued AI jobs carry the session they grade in their input. */
const jobSession = sql`json_extract(${jobs.input}, '$.sessionId')`;

export async function findStudentRow(db: Database, id: string): Promise<StudentRow | null> {
  return (await db.query.students.findFirst({ where: eq(students.id, id) })) ?? null;
}

async function studentSessionIds(db: Database, student: StudentRow): Promise<string[]> {
  const rows = await selectedIds(db, linkedTo(student));
  return rows.map((row) => row.id);
}

// An answer's and a log's texts as they read, wherever they are kept; the keys naming them are the storage's, not the student's data.
const { questionTextId: _answerTextKey, ...answerFields } = getTableColumns(sessionAnswers);
const answerColumns = { ...answerFields, questionText: answerQuestionText };
const { questionTextId: _logTextKey, rubricId: _rubricKey, promptPrefixId: _promptKey, ...logColumns } = gradingLogColumns;

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
    inChunks(sessionIds, (ids) => db.select().from(testSessionRecords).where(inArray(testSessionRecords.id, ids))),
    inChunks(sessionIds, (ids) => db.select(answerColumns).from(sessionAnswers).where(inArray(sessionAnswers.sessionId, ids))),
    inChunks(sessionIds, (ids) => db.select(logColumns).from(aiGradingLogs).where(inArray(aiGradingLogs.sessionId, ids))),
    inChunks(sessionIds, (ids) => db.select().from(gradeOverrides).where(inArray(gradeOverrides.sessionId, ids))),
  ]);
  // The resume code is a key to the session, not data about the student.
  const withoutKeys = sessions.map(({ resumeCode: _resumeCode, ...session }) => session);
  return { memberships: memberships.map((row) => ({ ...row, rostered: Boolean(row.rostered) })), sessions: withoutKeys, answers, gradingLogs, overrides };
}

/** How many rows of each kind erasing the selected sessions removes: one statement, the selection bound once. */
async function countSessionRows(db: Database, selection: SessionSelection) {
  const row = await db.get<Record<"sessions" | "answers" | "gradingLogs" | "overrides" | "archives" | "jobs", number>>(sql`
    with chosen as (select ${testSessionRecords.id} as id from ${testSessionRecords} where ${selection})
    select
      (select count(*) from chosen) as sessions,
      (select count(*) from ${sessionAnswers} where ${sessionAnswers.sessionId} in chosen) as answers,
      (select count(*) from ${aiGradingLogs} where ${aiGradingLogs.sessionId} in chosen) as gradingLogs,
      (select count(*) from ${gradeOverrides} where ${gradeOverrides.sessionId} in chosen) as overrides,
      (select count(*) from ${testSessionRecords} where ${testSessionRecords.id} in chosen
        and (${testSessionRecords.archivedAt} is not null or ${testSessionRecords.id} in (select ${sessionArchives.sessionId} from ${sessionArchives}))) as archives,
      (select count(*) from ${jobs} where ${jobSession} in chosen) as jobs`);
  return {
    sessions: Number(row?.sessions ?? 0),
    answers: Number(row?.answers ?? 0),
    gradingLogs: Number(row?.gradingLogs ?? 0),
    overrides: Number(row?.overrides ?? 0),
    archives: Number(row?.archives ?? 0),
    jobs: Number(row?.jobs ?? 0),
  };
}

/**
 * The statements that erase the selected sessions' D1 rows (answers, logs, overrides and archives
 * by cascade) and their AI jobs, and list their objects in `session_discards` to be emptied once
 * the batch has landed (emptying one deletes its archive in R2 too); with their counts, archives
 * counting those in R2 and those kept in D1. The list goes first: it names what the deletes remove.
 */
export async function sessionErasure(db: Database, selection: SessionSelection) {
  const statements: BatchItem<"sqlite">[] = [
    db
      .insert(sessionDiscards)
      .select(
        db
          .select({ sessionId: testSessionRecords.id, queuedAt: sql<Date>`${Date.now()}`.as("queued_at") })
          .from(testSessionRecords)
          .where(selection),
      )
      .onConflictDoNothing(),
    db.delete(jobs).where(inArray(jobSession, selectedIds(db, selection))),
    db.delete(testSessionRecords).where(selection),
  ];
  return { counts: await countSessionRows(db, selection), statements };
}

/** A student-role account is theirs when it signs in with their record's e-mail; a staff account never is. */
async function studentAccountId(db: Database, student: StudentRow): Promise<string | null> {
  if (!student.email) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, student.email), eq(users.role, "student")));
  return row?.id ?? null;
}

/** Entries about the record whose subject or detail may name them, and entries their own account wrote with its e-mail. */
const entriesToRedact = (student: StudentRow, accountId: string | null) => ({
  aboutTheRecord: and(eq(auditLog.studentRecordId, student.id), or(isNotNull(auditLog.detail), like(auditLog.subject, "session:%")))!,
  byTheAccount: accountId ? and(eq(auditLog.actorId, accountId), isNotNull(auditLog.actorEmail)) : undefined,
});

/**
 * The statements that erase the student's record, memberships and sign-in account, and blank
 * what the audit log holds of them, with their counts. They run after the sessions' deletes, in
 * the same batch: the audit log's trigger (migration 0018) lets an entry's e-mail, subject and
 * detail be blanked only once the account or record they are about is gone, so the redaction
 * follows the deletes.
 */
export async function recordErasure(db: Database, student: StudentRow) {
  const accountId = await studentAccountId(db, student);
  const redact = entriesToRedact(student, accountId);
  const [memberships, redacted] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)` })
      .from(cohortMembers)
      .where(ownMemberships(student)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(auditLog)
      .where(redact.byTheAccount ? or(redact.aboutTheRecord, redact.byTheAccount) : redact.aboutTheRecord),
  ]);
  const statements: BatchItem<"sqlite">[] = [db.delete(cohortMembers).where(ownMemberships(student)), db.delete(students).where(eq(students.id, student.id))];
  // Sign-in throttle counts are keyed by the e-mail, whether or not an account has it (domain/auth/sign-in-throttle-keys.ts).
  if (student.email) statements.push(db.delete(attemptThrottle).where(eq(attemptThrottle.key, `account:${student.email}`)));
  if (accountId) {
    statements.push(db.delete(users).where(and(eq(users.id, accountId), eq(users.role, "student"))));
    statements.push(db.update(auditLog).set({ actorEmail: null }).where(redact.byTheAccount));
  }
  statements.push(
    db
      .update(auditLog)
      .set({ detail: null, subject: sql`case when ${auditLog.subject} like 'session:%' then null else ${auditLog.subject} end` })
      .where(redact.aboutTheRecord),
  );
  return {
    counts: { students: 1, enrollments: Number(memberships[0]?.n ?? 0), accounts: accountId ? 1 : 0 },
    redactedAuditEntries: Number(redacted[0]?.n ?? 0),
    statements,
  };
}

/** Session objects still to be emptied, oldest first, at most `limit`. */
export async function listedDiscards(db: Database, limit: number): Promise<string[]> {
  const rows = await db.select({ id: sessionDiscards.sessionId }).from(sessionDiscards).orderBy(asc(sessionDiscards.queuedAt)).limit(limit);
  return rows.map((row) => row.id);
}

/** Drops emptied objects from the list. */
export async function unlistDiscards(db: Database, sessionIds: readonly string[]): Promise<void> {
  const groups = chunk(sessionIds, IDS_PER_STATEMENT);
  if (groups.length === 0) return;
  const [first, ...rest] = groups.map((ids) => db.delete(sessionDiscards).where(inArray(sessionDiscards.sessionId, ids)));
  await db.batch([first!, ...rest]);
}

export async function countListedDiscards(db: Database): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(sessionDiscards);
  return Number(row?.n ?? 0);
}
