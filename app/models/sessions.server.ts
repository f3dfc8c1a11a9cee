import { and, asc, desc, eq, getTableName, inArray, isNull, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import type { Database } from "~/db/client.server";
import { cohortMembers, cohorts, questionCompetencies, questions, sessionAnswers, testQuestions, tests, testSessionRecords } from "~/db/schema";
import type { Scope } from "~/domain/auth/policy";
import type { Difficulty, QuestionType } from "~/domain/questions/question-types";

import { inTaughtClasses } from "./class-scope.server";
import { isUniqueViolation } from "./db-errors.server";
import { questionTextStatements, textKeys } from "./question-texts.server";

/**
 * A test session's record in D1 (the Durable Object is the live authority),
 * with its test's AI model: what the chat call needs to know about the session it serves.
 */
export async function findSessionForChat(db: Database, sessionId: string) {
  const [row] = await db
    .select({
      id: testSessionRecords.id,
      testConfigId: testSessionRecords.testConfigId,
      completed: testSessionRecords.completed,
      aiModel: tests.aiModel,
      aiGrading: cohorts.aiGrading,
    })
    .from(testSessionRecords)
    .leftJoin(tests, eq(tests.id, testSessionRecords.testConfigId))
    .leftJoin(cohorts, eq(cohorts.id, testSessionRecords.cohortId))
    .where(eq(testSessionRecords.id, sessionId))
    .limit(1);
  return row;
}

/** A bank question, only if it is placed in the given test: a session may only ask its own test's questions. */
export async function findQuestionInTest(db: Database, testId: string, questionId: string) {
  const [row] = await db
    .select({ question: questions })
    .from(testQuestions)
    .innerJoin(questions, eq(questions.id, testQuestions.questionId))
    .where(and(eq(testQuestions.testId, testId), eq(testQuestions.questionId, questionId)))
    .limit(1);
  return row?.question;
}

type SessionRecordInsert = typeof testSessionRecords.$inferInsert;

/**
 * The session's row, written when it starts so lists and resume see it at once. False when the
 * student already has this test in progress in this class (the unique index caught a racing start).
 */
export async function insertSessionRecord(db: Database, row: SessionRecordInsert): Promise<boolean> {
  try {
    await db.insert(testSessionRecords).values(row);
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** A class's sessions started under a typed ID its roster links to a student record get that record (for sessions written without a start). */
export async function linkSessionsToRosterRecords(db: Database, classId: string): Promise<void> {
  await db.run(sql`update ${testSessionRecords} set student_record_id = (
      select ${cohortMembers.studentRecordId} from ${cohortMembers}
      where ${cohortMembers.cohortId} = ${testSessionRecords.cohortId} and ${cohortMembers.studentId} = ${testSessionRecords.userId})
    where ${testSessionRecords.cohortId} = ${classId} and ${testSessionRecords.studentRecordId} is null`);
}

export async function deleteSessionRecord(db: Database, id: string): Promise<void> {
  await db.delete(testSessionRecords).where(eq(testSessionRecords.id, id));
}

/** Deletes a class's sessions (their answers and grading logs go with them, by cascade); answers their ids. */
export async function deleteClassSessions(db: Database, classId: string, studentIds?: readonly string[]): Promise<string[]> {
  const inClass = eq(testSessionRecords.cohortId, classId);
  const where = studentIds ? and(inClass, inArray(testSessionRecords.userId, [...studentIds])) : inClass;
  const deleted = await db.delete(testSessionRecords).where(where).returning({ id: testSessionRecords.id });
  return deleted.map((row) => row.id);
}

/** The student's session in progress for this test in this class, if any (at most one:). */
export async function findSessionInProgress(db: Database, input: { cohortId: string | null; studentId: string; testId: string }) {
  const [row] = await db
    .select({ id: testSessionRecords.id, resumeCode: testSessionRecords.resumeCode })
    .from(testSessionRecords)
    .where(
      and(
        input.cohortId === null ? isNull(testSessionRecords.cohortId) : eq(testSessionRecords.cohortId, input.cohortId),
        eq(testSessionRecords.userId, input.studentId),
        eq(testSessionRecords.testConfigId, input.testId),
        eq(testSessionRecords.completed, false),
      ),
    )
    .orderBy(desc(testSessionRecords.startTime))
    .limit(1);
  return row;
}

/** A session's record as staff read it: undefined when it is unknown or outside the scope (a teacher's classes' sessions, ADR 0031). */
export async function findSessionRecordInScope(db: Database, id: string, scope: Scope) {
  return db.query.testSessionRecords.findFirst({ where: and(eq(testSessionRecords.id, id), inTaughtClasses(testSessionRecords.cohortId, scope)) });
}

/**
 * The sessions of a class that D1 holds as in progress, in the caller's scope (a teacher's other
 * classes have none). D1 learns of a completion behind the session's object (ADR 0010), so one of
 * these may be over already: its object says so.
 */
export async function listSessionsInProgress(db: Database, classId: string, scope: Scope) {
  return db
    .select({ id: testSessionRecords.id, studentRecordId: testSessionRecords.studentRecordId })
    .from(testSessionRecords)
    .where(and(eq(testSessionRecords.cohortId, classId), eq(testSessionRecords.completed, false), inTaughtClasses(testSessionRecords.cohortId, scope)));
}

type BehindAnswer = {
  questionId: string;
  questionText: string;
  questionType: QuestionType;
  difficulty: Difficulty;
  answer: unknown;
  pointsEarned: number;
  maxPoints: number;
  wasCorrect: boolean;
  timeSpentSeconds: number;
  measuredSeconds: number | null;
  rapidGuess: boolean;
  gradingScore: number | null;
  answeredAt: Date;
};

type SessionBehind = {
  sessionId: string;
  record: Pick<
    SessionRecordInsert,
    | "endTime"
    | "completed"
    | "timeRemaining"
    | "totalScore"
    | "scores"
    | "hasAiFeedback"
    | "competenciesStatus"
    | "moduleRecommendations"
    | "theta"
    | "thetaSe"
    | "scaleScore"
    | "scaleScoreSe"
    | "completionReason"
    | "questionsAnswered"
    | "nonStandard"
    | "effort"
  >;
  answers: BehindAnswer[];
};

/** An answer row as the write behind stores it, in the order its statement binds the columns. */
const BEHIND_ANSWER_COLUMNS = [
  "sessionId",
  "questionId",
  "questionText",
  "questionTextId",
  "questionType",
  "difficulty",
  "answer",
  "pointsEarned",
  "maxPoints",
  "wasCorrect",
  "timeSpentSeconds",
  "measuredSeconds",
  "rapidGuess",
  "gradingScore",
  "answeredAt",
] as const satisfies readonly (keyof typeof sessionAnswers.$inferInsert)[];

/** On a repeated (session, question): the columns a later grade changes, taken from the row that was refused. */
const REGRADED_COLUMNS = ["pointsEarned", "wasCorrect", "gradingScore"] as const;

/**
 * The grader's words are not copied to an answer's row: its grading logs and the session's archive
 * hold them (ADR 0048, amended 2026-11-27 (3)). A row written before keeps its copy until a later
 * grade clears it, so no row holds words from a grade no longer in force.
 */
const GRADERS_WORDS = ["feedback", "strengths", "improvements"] as const;

/** D1 binds at most 100 parameters a statement: 15 an answer row, and one for the update's time. */
const ANSWERS_PER_STATEMENT = 6;

/** A value as D1 stores it in `column`: the schema's own encoding (JSON, booleans, dates), null as null. */
function bound(column: SQLiteColumn, value: unknown): unknown {
  return value === null || value === undefined ? null : column.mapToDriverValue(value);
}

const columnName = (column: SQLiteColumn) => `"${column.name}"`;

/** The upsert of `rows` answer rows, its text built once for each count (the created and updated times are the columns' defaults). */
const answerUpserts = new Map<number, string>();
function answerUpsertSql(rows: number): string {
  let text = answerUpserts.get(rows);
  if (!text) {
    const row = `(${BEHIND_ANSWER_COLUMNS.map(() => "?").join(", ")})`;
    text =
      `insert into "${getTableName(sessionAnswers)}" (${BEHIND_ANSWER_COLUMNS.map((key) => columnName(sessionAnswers[key])).join(", ")}) ` +
      `values ${Array.from({ length: rows }, () => row).join(", ")} ` +
      `on conflict (${columnName(sessionAnswers.sessionId)}, ${columnName(sessionAnswers.questionId)}) do update set ` +
      [
        ...REGRADED_COLUMNS.map((key) => `${columnName(sessionAnswers[key])} = excluded.${columnName(sessionAnswers[key])}`),
        ...GRADERS_WORDS.map((key) => `${columnName(sessionAnswers[key])} = null`),
        `${columnName(sessionAnswers.updatedAt)} = ?`,
      ].join(", ");
    answerUpserts.set(rows, text);
  }
  return text;
}

/**
 * The write behind the session's Durable Object: the record's results and
 * the given answers, upserted by (session, question) in one batch, so a retried flush writes each
 * answer once and a later grade overwrites the earlier one. It runs for every session every few
 * seconds, so its statements are written out here rather than built by the query builder, which
 * cost more than the rest of the write (scripts/load/README.md); the values are encoded by the
 * schema's columns all the same.
 */
export async function writeSessionBehind(d1: D1Database, behind: SessionBehind): Promise<void> {
  const now = new Date();
  const record = Object.entries({ ...behind.record, updatedAt: now }).filter(([, value]) => value !== undefined) as [
    keyof typeof testSessionRecords.$inferInsert,
    unknown,
  ][];
  const statements = [
    d1
      .prepare(
        `update "${getTableName(testSessionRecords)}" set ${record.map(([key]) => `${columnName(testSessionRecords[key])} = ?`).join(", ")} where ${columnName(testSessionRecords.id)} = ?`,
      )
      .bind(...record.map(([key, value]) => bound(testSessionRecords[key], value)), behind.sessionId),
  ];
  // The question's text is stored once and named by its key (ADR 0048, amended 2026-11-27 (2)).
  const keys = await textKeys(behind.answers.map((answer) => answer.questionText));
  statements.push(...questionTextStatements(d1, keys));
  const rows = behind.answers.map((answer) => ({ ...answer, questionText: null, questionTextId: keys.get(answer.questionText)!, sessionId: behind.sessionId }));
  for (let start = 0; start < rows.length; start += ANSWERS_PER_STATEMENT) {
    const part = rows.slice(start, start + ANSWERS_PER_STATEMENT);
    const values = part.flatMap((row) => BEHIND_ANSWER_COLUMNS.map((key) => bound(sessionAnswers[key], row[key])));
    statements.push(d1.prepare(answerUpsertSql(part.length)).bind(...values, bound(sessionAnswers.updatedAt, now)));
  }
  await d1.batch(statements);
}

/** What the Take a Test page shows before a session starts: small on purpose (the student page's data). */
export async function findTestForTaking(db: Database, id: string) {
  const [row] = await db
    .select({
      id: tests.id,
      title: tests.title,
      subject: tests.subject,
      gradeLevel: tests.gradeLevel,
      placementDuration: tests.placementDuration,
      diagnosticDuration: tests.diagnosticDuration,
      // 'Before You Begin' says how many questions to expect (ADR 0014). Spelled out: in a
      // one-table select drizzle leaves columns unqualified, and the inner "id" would be the link's.
      questionCount: sql<number>`(select count(*) from "test_questions" where "test_questions"."test_id" = "tests"."id")`,
    })
    .from(tests)
    .where(eq(tests.id, id))
    .limit(1);
  return row;
}

/**
 * Each question of a test with its competency, chosen as a session's blueprint chooses it (the
 * primary link, else the first): what the mode cards need to say how long each mode takes.
 */
export async function listTestQuestionCompetencies(db: Database, testId: string): Promise<{ id: string; competencyId: string | null }[]> {
  const rows = await db
    .select({ id: testQuestions.questionId, competencyId: questionCompetencies.competencyId, isPrimary: questionCompetencies.isPrimary })
    .from(testQuestions)
    .leftJoin(questionCompetencies, eq(questionCompetencies.questionId, testQuestions.questionId))
    .where(eq(testQuestions.testId, testId))
    .orderBy(asc(testQuestions.position), asc(questionCompetencies.createdAt));
  const chosen = new Map<string, { competencyId: string | null; isPrimary: boolean }>();
  for (const row of rows) {
    const current = chosen.get(row.id);
    if (!current || (row.isPrimary && !current.isPrimary)) chosen.set(row.id, { competencyId: row.competencyId, isPrimary: row.isPrimary ?? false });
  }
  return [...chosen].map(([id, { competencyId }]) => ({ id, competencyId }));
}

/** The session's resume code (shown to its student on the question screen), or null. */
export async function findSessionResumeCode(db: Database, id: string): Promise<string | null> {
  const [row] = await db.select({ resumeCode: testSessionRecords.resumeCode }).from(testSessionRecords).where(eq(testSessionRecords.id, id)).limit(1);
  return row?.resumeCode ?? null;
}
