import { and, eq, inArray, sql, type SQL } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { cohorts, sessionAnswers, testSessionRecords, tests } from "~/db/schema";
import type { AnalyticsAnswer } from "~/domain/analytics/cohort-analytics";
import type { ReportSession } from "~/domain/analytics/analytics-report";

/**
 * What Cohort Analytics reads (issue 10 §3): a class, its sessions (on one test, or all) and their
 * answers. A class of 1,000 students × 30 answers must be analysed within 200 ms, so:
 * - sessions are found through sessions_cohort_test_idx (cohort_id, test_config_id), and their
 *   answers by joining on session_answers_question_unique (session_id, question_id): no N+1;
 * - only the columns the figures need are selected, and the two large reads come back as arrays
 *   (`.values()`, D1's raw()), which skips drizzle's per-row object mapping and halves the JSON;
 * - an answer row carries no question text: each question's text, type and label are read once,
 *   from its first answer in the class (the subquery is covered by the unique index);
 * - the four reads go to D1 together.
 */
export type AnalyticsScope = { cohortId: string; testConfigId?: string | null };

const inScope = ({ cohortId, testConfigId }: AnalyticsScope): SQL =>
  testConfigId ? and(eq(testSessionRecords.cohortId, cohortId), eq(testSessionRecords.testConfigId, testConfigId))! : eq(testSessionRecords.cohortId, cohortId);

/** The queries behind one report, unexecuted, so the benchmark can print their plans (`.toSQL()`). */
export function analyticsQueries(db: Database, scope: AnalyticsScope) {
  const where = inScope(scope);
  return {
    cohort: db
      .select({
        id: cohorts.id,
        defaultTestTitle: tests.title,
        chosenTestTitle: scope.testConfigId
          ? sql<string | null>`(select ${tests.title} from ${tests} where ${tests.id} = ${scope.testConfigId})`
          : sql<string | null>`null`,
      })
      .from(cohorts)
      .leftJoin(tests, eq(tests.id, cohorts.testConfigId))
      .where(eq(cohorts.id, scope.cohortId))
      .limit(1),
    sessions: db
      .select({
        id: testSessionRecords.id,
        userId: testSessionRecords.userId,
        completed: testSessionRecords.completed,
        totalScore: testSessionRecords.totalScore,
        startTime: testSessionRecords.startTime,
        endTime: testSessionRecords.endTime,
        competenciesStatus: testSessionRecords.competenciesStatus,
        moduleRecommendations: testSessionRecords.moduleRecommendations,
        scaleScore: testSessionRecords.scaleScore,
      })
      .from(testSessionRecords)
      .where(where)
      .orderBy(testSessionRecords.startTime, testSessionRecords.id),
    answers: db
      .select({
        sessionId: sessionAnswers.sessionId,
        questionId: sessionAnswers.questionId,
        pointsEarned: sessionAnswers.pointsEarned,
        maxPoints: sessionAnswers.maxPoints,
        wasCorrect: sessionAnswers.wasCorrect,
      })
      .from(testSessionRecords)
      .innerJoin(sessionAnswers, eq(sessionAnswers.sessionId, testSessionRecords.id))
      .where(where),
    questions: db
      .select({
        questionId: sessionAnswers.questionId,
        questionText: sessionAnswers.questionText,
        questionType: sessionAnswers.questionType,
        difficulty: sessionAnswers.difficulty,
      })
      .from(sessionAnswers)
      .where(
        inArray(
          sql`${sessionAnswers}.rowid`,
          db
            .select({ first: sql`min(${sessionAnswers}.rowid)` })
            .from(testSessionRecords)
            .innerJoin(sessionAnswers, eq(sessionAnswers.sessionId, testSessionRecords.id))
            .where(where)
            .groupBy(sessionAnswers.questionId),
        ),
      ),
  };
}

type SessionRow = [string, string, number, number | null, number, number | null, string | null, string | null, number | null];
type AnswerRow = [string, string, number, number, number | null];
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

export type CohortAnalyticsData = {
  /** The chosen test's title, else the class's default test's, else null. */
  testTitle: string | null;
  sessions: ReportSession[];
};

/** The class's sessions with their answers, or null when there is no such class. */
export async function readCohortAnalyticsData(db: Database, scope: AnalyticsScope): Promise<CohortAnalyticsData | null> {
  const queries = analyticsQueries(db, scope);
  const [[cohort], sessionRows, answerRows, questionRows] = await Promise.all([
    queries.cohort.all(),
    queries.sessions.values() as Promise<SessionRow[]>,
    queries.answers.values() as Promise<AnswerRow[]>,
    queries.questions.values() as Promise<QuestionRow[]>,
  ]);
  if (!cohort) return null;

  const questions = new Map(questionRows.map(([questionId, questionText, questionType, difficulty]) => [questionId, { questionText, questionType, difficulty }]));
  const sessions = sessionRows.map(
    ([id, userId, completed, totalScore, startTime, endTime, competenciesStatus, moduleRecommendations, scaleScore]): ReportSession => ({
      sessionId: id,
      studentId: userId,
      completed: completed === 1,
      totalScore,
      startTime,
      endTime,
      competenciesStatus: parseMap(competenciesStatus),
      moduleRecommendations: parseMap(moduleRecommendations),
      scaleScore,
      answers: [],
    }),
  );
  const byId = new Map(sessions.map((session) => [session.sessionId, session.answers]));
  for (const [sessionId, questionId, pointsEarned, maxPoints, wasCorrect] of answerRows) {
    const question = questions.get(questionId);
    const answers = byId.get(sessionId);
    if (!question || !answers) continue;
    const answer: AnalyticsAnswer = { questionId, ...question, pointsEarned, maxPoints, wasCorrect: wasCorrect === 1 };
    answers.push(answer);
  }
  return { testTitle: scope.testConfigId ? cohort.chosenTestTitle : cohort.defaultTestTitle, sessions };
}
