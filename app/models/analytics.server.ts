import { and, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";

import type { Database } from "~/db/client.server";
import { cohorts, sessionAnswers, tests, testSessionRecords } from "~/db/schema";
import { scaleScoreOfTheta } from "~/domain/adaptive/scale";
import type { ReportSession } from "~/domain/analytics/analytics-report";
import type { AnalyticsAnswer } from "~/domain/analytics/class-analytics";
import type { Scope } from "~/domain/auth/policy";
import type { CompletionReason } from "~/domain/sessions/session-contract";
import { wasEndedEarly } from "~/domain/sessions/session-state";

import { inTaughtClasses } from "./class-scope.server";
import { answerQuestionText } from "./question-texts.server";
import { sessionStudentName } from "./student-names.server";

/**
 * What Cohort Analytics reads: a class, its sessions (on one test, or all) and their
 * answers. A class of 1,000 students × 30 answers must be analysed within 200 ms, and measured
 * (`npm run bench:analytics`) the cost was not SQLite but moving 30,000 answer rows out of D1,
 * so the reads are shaped to move little:
 * - sessions are found through sessions_cohort_test_idx (cohort_id, test_config_id), with no
 *   ORDER BY (SQLite would serve one from sessions_test_start_idx and read every class's
 *   sessions on the test); they are sorted here;
 * - each session row carries its answers packed in one string (group_concat over the answers'
 *   (session_id, question_id) primary key): 1,000 rows cross instead of 30,000, as arrays (`.values()`,
 *   D1's raw()), which also skips drizzle's per-row object mapping;
 * - each session's student name (ADR 0016) is one lookup in cohort_members' unique index;
 * - an answer carries no question text: each question's text, type and label are read once,
 *   afterwards, from one answer of the class (a primary-key lookup a question, and one for its
 *   text where the answer names it in question_texts).
 * Answers are stored in (session_id, question_id) order (a WITHOUT ROWID table, migration 0030),
 * so the subquery reads a session's answers, points included, where its key finds them, with no
 * second lookup into the table as when a unique index stood beside it.
 */
/** `startedIn`: only the sessions that started in this span (a testing window, `windowRange`), as milliseconds. */
type AnalyticsScope = { cohortId: string; testConfigId?: string | null; startedIn?: { fromMs: number; untilMs: number } | null };

/** Separators no id or number contains (ASCII unit and record separators). */
const FIELD = "\u001f";
const RECORD = "\u001e";

const inScope = ({ cohortId: classId, testConfigId, startedIn }: AnalyticsScope): SQL =>
  and(
    eq(testSessionRecords.cohortId, classId),
    testConfigId ? eq(testSessionRecords.testConfigId, testConfigId) : undefined,
    startedIn ? gte(testSessionRecords.startTime, new Date(startedIn.fromMs)) : undefined,
    startedIn ? lt(testSessionRecords.startTime, new Date(startedIn.untilMs)) : undefined,
  )!;

/** The class, with the titles the report may be named after. */
function classQuery(db: Database, scope: AnalyticsScope, classScope: Scope) {
  return db
    .select({
      id: cohorts.id,
      name: cohorts.name,
      defaultTestTitle: tests.title,
      chosenTestTitle: scope.testConfigId
        ? sql<string | null>`(select ${tests.title} from ${tests} where ${tests.id} = ${scope.testConfigId})`
        : sql<string | null>`null`,
    })
    .from(cohorts)
    .leftJoin(tests, eq(tests.id, cohorts.testConfigId))
    .where(and(eq(cohorts.id, scope.cohortId), inTaughtClasses(cohorts.id, classScope)))
    .limit(1);
}

/**
 * A session's answers in one string. Written out in full because drizzle leaves columns
 * unqualified in a one-table select, and inside the subquery "id" would be the answer's. Points
 * travel as integer millionths: SQLite turns an integer into text faster than a real (measured,
 * a third of this subquery's cost), and a millionth is far below the tenth the report shows.
 */
const POINT_SCALE = 1_000_000;
const packedAnswers = sql<
  string | null
>`(select group_concat(a.question_id || ${FIELD} || cast(round(a.points_earned * ${sql.raw(String(POINT_SCALE))}) as integer)
  || ${FIELD} || cast(round(a.max_points * ${sql.raw(String(POINT_SCALE))}) as integer) || ${FIELD} || coalesce(a.was_correct, 0) || ${FIELD} || a.time_spent_seconds, ${RECORD})
  from ${sessionAnswers} as a where a.session_id = ${testSessionRecords}.id)`;

/** The sessions in scope, each with "questionId␟points␟max␟correct␟seconds" answers joined by ␞ (points in millionths). */
function sessionsQuery(db: Database, scope: AnalyticsScope) {
  return db
    .select({
      id: testSessionRecords.id,
      userId: testSessionRecords.userId,
      completed: testSessionRecords.completed,
      totalScore: testSessionRecords.totalScore,
      startTime: testSessionRecords.startTime,
      endTime: testSessionRecords.endTime,
      competenciesStatus: testSessionRecords.competenciesStatus,
      moduleRecommendations: testSessionRecords.moduleRecommendations,
      theta: testSessionRecords.theta,
      answers: packedAnswers,
      completionReason: testSessionRecords.completionReason,
      studentName: sessionStudentName,
      nonStandard: testSessionRecords.nonStandard,
    })
    .from(testSessionRecords)
    .where(inScope(scope));
}

/** One answer's question text, type and label for each [sessionId, questionId] picked. */
function questionsQuery(picks: [sessionId: string, questionId: string][]) {
  return sql`select ${sessionAnswers.questionId}, ${answerQuestionText}, ${sessionAnswers.questionType}, ${sessionAnswers.difficulty}
    from json_each(${JSON.stringify(picks)}) as pick
    join ${sessionAnswers} on ${sessionAnswers.sessionId} = json_extract(pick.value, '$[0]') and ${sessionAnswers.questionId} = json_extract(pick.value, '$[1]')`;
}

/** The SQL of every read behind one report, for the benchmark's EXPLAIN QUERY PLAN (as a district admin reads it). */
export function analyticsQuerySql(db: Database, scope: AnalyticsScope, picks: [string, string][] = [["session", "question"]]) {
  return {
    cohort: classQuery(db, scope, { kind: "district" }).toSQL(),
    sessions: sessionsQuery(db, scope).toSQL(),
    questions: new SQLiteSyncDialect().sqlToQuery(questionsQuery(picks)),
  };
}

type SessionRow = [
  string,
  string,
  number,
  number | null,
  number,
  number | null,
  string | null,
  string | null,
  number | null,
  string | null,
  CompletionReason | null,
  string | null,
  number,
];
type QuestionRow = [string, string, string, string];

/** JSON maps are written by the app; a broken one reads as empty rather than failing the page. */
function parseMap(text: string | null): Record<string, string> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

type ClassAnalyticsData = {
  cohortName: string;
  /** The chosen test's title, else the class's default test's, else null. */
  testTitle: string | null;
  sessions: ReportSession[];
};

/** The class's sessions with their answers, or null when there is no such class. */
export async function readClassAnalyticsData(db: Database, scope: AnalyticsScope, classScope: Scope): Promise<ClassAnalyticsData | null> {
  // A class outside the caller's scope (a teacher's classes, ADR 0031) is not found; its sessions, read alongside, are dropped.
  const [[schoolClass], sessionRows] = await Promise.all([classQuery(db, scope, classScope).all(), sessionsQuery(db, scope).values() as Promise<SessionRow[]>]);
  if (!schoolClass) return null;

  sessionRows.sort((a, b) => a[4] - b[4] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  type Packed = { questionId: string; pointsEarned: number; maxPoints: number; wasCorrect: boolean; seconds: number };
  const picks = new Map<string, string>();
  const packed = sessionRows.map((row): Packed[] => {
    if (!row[9]) return [];
    return row[9].split(RECORD).map((answer) => {
      const [questionId = "", points, max, correct, seconds] = answer.split(FIELD);
      if (!picks.has(questionId)) picks.set(questionId, row[0]);
      return {
        questionId,
        pointsEarned: Number(points) / POINT_SCALE,
        maxPoints: Number(max) / POINT_SCALE,
        wasCorrect: correct === "1",
        seconds: Number(seconds) || 0,
      };
    });
  });

  const questionRows = picks.size ? await db.values<QuestionRow>(questionsQuery([...picks].map(([questionId, sessionId]) => [sessionId, questionId]))) : [];
  const questions = new Map(
    questionRows.map(([questionId, questionText, questionType, difficulty]) => [questionId, { questionText, questionType, difficulty }]),
  );

  const sessions = sessionRows.map(
    (
      [
        id,
        studentId,
        completed,
        totalScore,
        startTime,
        endTime,
        competenciesStatus,
        moduleRecommendations,
        theta,
        ,
        completionReason,
        studentName,
        nonStandard,
      ],
      index,
    ): ReportSession => ({
      sessionId: id,
      studentId: studentId,
      studentName,
      completed: completed === 1,
      endedEarly: wasEndedEarly(completionReason),
      totalScore,
      startTime,
      endTime,
      competenciesStatus: parseMap(competenciesStatus),
      moduleRecommendations: parseMap(moduleRecommendations),
      scaleScore: scaleScoreOfTheta(theta),
      nonStandard: nonStandard === 1,
      answeringSeconds: packed[index]!.reduce((sum, answer) => sum + answer.seconds, 0),
      answers: packed[index]!.flatMap(({ seconds: _seconds, ...answer }): AnalyticsAnswer[] => {
        const question = questions.get(answer.questionId);
        return question ? [{ ...answer, ...question }] : [];
      }),
    }),
  );
  return { cohortName: schoolClass.name, testTitle: scope.testConfigId ? schoolClass.chosenTestTitle : schoolClass.defaultTestTitle, sessions };
}
