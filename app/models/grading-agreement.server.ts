import { sql } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";

import type { Database } from "~/db/client.server";
import { aiGradingLogs, gradeOverrides } from "~/db/schema";
import { GRADE_CORRECT_THRESHOLD } from "~/domain/ai/schemas";
import type { VerdictCell } from "~/domain/sessions/grading-agreement";

/**
 * The 2×2 tables of teachers' labels against graders' verdicts for these questions, over every
 * session of the district (ADR 0036): one statement, at most four rows a question and grader.
 * The ids travel as one JSON parameter, so any number of them stays within D1's 100 bound
 * parameters (app/lib/batching.ts). An answer's label is its newest override; the grader's
 * verdict is its newest log's score (a failed call has none and labels nothing). Only answers a
 * teacher labelled count, so their logs are read by session and question: the question's other
 * logs across the district are never read, and the logs need no index by question (ADR 0048,
 * amended 2026-11-27 (2)).
 */
function verdictCellsQuery(questionIds: readonly string[]) {
  const ids = JSON.stringify([...new Set(questionIds)]);
  const threshold = sql.raw(String(GRADE_CORRECT_THRESHOLD));
  return sql`with labels as (
      select ${gradeOverrides.sessionId} as session_id, ${gradeOverrides.questionId} as question_id, ${gradeOverrides.score} as score,
        row_number() over (partition by ${gradeOverrides.sessionId}, ${gradeOverrides.questionId} order by ${gradeOverrides.createdAt} desc, ${gradeOverrides}.rowid desc) as newest
      from ${gradeOverrides} where ${gradeOverrides.questionId} in (select value from json_each(${ids}))
    ), labelled as materialized (
      select session_id, question_id, score from labels where newest = 1
    ), grades as (
      select ${aiGradingLogs.sessionId} as session_id, ${aiGradingLogs.questionId} as question_id, ${aiGradingLogs.aiModel} as grader, ${aiGradingLogs.score} as score,
        row_number() over (partition by ${aiGradingLogs.sessionId}, ${aiGradingLogs.questionId} order by ${aiGradingLogs.gradedAt} desc, ${aiGradingLogs}.rowid desc) as newest
      from labelled cross join ${aiGradingLogs} on ${aiGradingLogs.sessionId} = labelled.session_id and ${aiGradingLogs.questionId} = labelled.question_id
    )
    select labelled.question_id, grades.grader, grades.score >= ${threshold}, labelled.score >= ${threshold}, count(*)
    from labelled join grades on grades.session_id = labelled.session_id and grades.question_id = labelled.question_id and grades.newest = 1
    where grades.score is not null
    group by 1, 2, 3, 4`;
}

type CellRow = [questionId: string, grader: string, graderCorrect: number, teacherCorrect: number, answers: number];

export async function verdictCells(db: Database, questionIds: readonly string[]): Promise<VerdictCell[]> {
  if (questionIds.length === 0) return [];
  const rows = await db.values<CellRow>(verdictCellsQuery(questionIds));
  return rows.map(([questionId, grader, graderCorrect, teacherCorrect, answers]) => ({
    questionId,
    grader,
    graderCorrect: graderCorrect === 1,
    teacherCorrect: teacherCorrect === 1,
    answers,
  }));
}

/** The statement and its parameters, for a test's EXPLAIN QUERY PLAN. */
export const verdictCellsSql = (questionIds: readonly string[]) => new SQLiteSyncDialect().sqlToQuery(verdictCellsQuery(questionIds));
