import { getTableName, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import type { Database } from "~/db/client.server";
import { aiGradingLogs, questionTexts, sessionAnswers } from "~/db/schema";
import { textKey } from "~/lib/text-key";

/**
 * Texts that answers and grading logs name by key rather than copy (ADR 0048, amended
 * 2026-11-27 (2)): a question's text as a session showed it and a rubric as a grader read it,
 * stored once in `question_texts`. A text already stored is left as it is, so storing it again
 * writes no row; an edited question's new text gets a key of its own and the old one stays for
 * the answers that showed it.
 */

/** Each distinct text with its key. */
export async function textKeys(texts: Iterable<string>): Promise<Map<string, string>> {
  const distinct = [...new Set(texts)];
  const keys = await Promise.all(distinct.map(textKey));
  return new Map(distinct.map((text, index) => [text, keys[index]!]));
}

/** Two values a text: 50 texts a statement stay within D1's 100 bound parameters. */
const TEXTS_PER_STATEMENT = 50;

/** The statements that store these texts (text → key), for a batch of the caller's raw statements. */
export function questionTextStatements(d1: D1Database, keys: ReadonlyMap<string, string>): D1PreparedStatement[] {
  const rows = [...keys];
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < rows.length; start += TEXTS_PER_STATEMENT) {
    const part = rows.slice(start, start + TEXTS_PER_STATEMENT);
    statements.push(
      d1
        .prepare(`insert into "${getTableName(questionTexts)}" ("id", "text") values ${part.map(() => "(?, ?)").join(", ")} on conflict do nothing`)
        .bind(...part.flatMap(([text, key]) => [key, text])),
    );
  }
  return statements;
}

/** The same as drizzle statements, for a drizzle batch. */
export function questionTextInserts(db: Database, keys: ReadonlyMap<string, string>) {
  const rows = [...keys].map(([text, id]) => ({ id, text }));
  const parts = [];
  for (let start = 0; start < rows.length; start += TEXTS_PER_STATEMENT) {
    parts.push(
      db
        .insert(questionTexts)
        .values(rows.slice(start, start + TEXTS_PER_STATEMENT))
        .onConflictDoNothing(),
    );
  }
  return parts;
}

/**
 * The text stored under a key. Inside this subquery an unqualified "id" or "text" (drizzle leaves
 * columns unqualified in a one-table select) is question_texts' own, and the key column, which
 * question_texts has not, is the outer row's.
 */
const storedText = (key: SQLiteColumn) => sql`(select ${questionTexts.text} from ${questionTexts} where ${questionTexts.id} = ${key})`;

/** An answer's question text, wherever it is kept. */
export const answerQuestionText = sql<string>`coalesce(${sessionAnswers.questionText}, ${storedText(sessionAnswers.questionTextId)})`;

/** A grading log's question text, rubric (JSON, decoded as the column decodes it) and prompt, wherever they are kept. */
export const gradingLogTexts = {
  promptSent: sql<
    string | null
  >`case when ${aiGradingLogs.promptPrefixId} is null then ${aiGradingLogs.promptSent} else ${storedText(aiGradingLogs.promptPrefixId)} || ${aiGradingLogs.promptSent} end`,
  questionText: sql<string>`case when ${aiGradingLogs.questionTextId} is null then ${aiGradingLogs.questionText} else ${storedText(aiGradingLogs.questionTextId)} end`,
  rubric: sql<unknown>`case when ${aiGradingLogs.rubricId} is null then ${aiGradingLogs.rubric} else ${storedText(aiGradingLogs.rubricId)} end`.mapWith(
    aiGradingLogs.rubric,
  ),
};
