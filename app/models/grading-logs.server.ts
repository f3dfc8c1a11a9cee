import { and, asc, desc, eq, getTableColumns } from "drizzle-orm";

import type { Database } from "~/db/client.server";
import { aiGradingLogs } from "~/db/schema";
import type { AiCall } from "~/domain/ai/ai-call";
import { reviewWithConfidence } from "~/domain/ai/confidence";
import type { GradingQuestion, StudentAnswer } from "~/domain/ai/grading-request";
import { splitGradingPrompt } from "~/domain/ai/injection";
import type { GradingResult } from "~/domain/ai/schemas";
import { costOf } from "~/domain/ai/usage-cost";
import { insertGroups } from "~/lib/batching";

import { gradingLogTexts, questionTextInserts, textKeys } from "./question-texts.server";

type GradingLogRow = typeof aiGradingLogs.$inferSelect;

export type GradingLogInput = {
  sessionId: string | null;
  questionId: string | null;
  question: GradingQuestion;
  answer: StudentAnswer;
  /** An offline grade sends no prompt and gets no raw reply: both null. */
  call: Omit<AiCall, "promptSent"> & { promptSent: string | null };
  outcome: { ok: true; result: GradingResult } | { ok: false; error: string };
  /** The injection screen's flag; a low-confidence grade is flagged here too, whoever graded it. */
  review: { flagged: boolean; reasons: string[] };
  /** When the answer was graded, for a log written after the fact (demo data's earlier sittings); else now. */
  gradedAt?: Date;
};

/**
 * A grading call's row, with its tokens and cost at the model's rates. Every log is written through
 * here (session answers offline or by a model, preview grading, demo data), so the low-confidence
 * flag is added here once rather than by each caller.
 */
function gradingLogValues(input: GradingLogInput): typeof aiGradingLogs.$inferInsert {
  const cost = costOf(input.call.model, input.call.usage);
  const result = input.outcome.ok ? input.outcome.result : null;
  const review = reviewWithConfidence(input.review, result?.confidence ?? null);
  return {
    sessionId: input.sessionId,
    questionId: input.questionId,
    questionType: input.question.type,
    questionText: input.question.text,
    studentAnswer: input.answer,
    rubric: input.question.rubric ?? null,
    score: result?.score ?? null,
    feedback: result?.feedback ?? null,
    keyPoints: result?.keyPoints ?? null,
    strengths: result?.strengths ?? null,
    improvements: result?.improvements ?? null,
    error: input.outcome.ok ? null : input.outcome.error,
    aiModel: input.call.model,
    promptSent: input.call.promptSent,
    rawResponse: input.call.rawResponse,
    promptTokens: input.call.usage.promptTokens,
    completionTokens: input.call.usage.completionTokens,
    reasoningTokens: input.call.usage.reasoningTokens,
    totalTokens: input.call.usage.totalTokens,
    inputCost: cost.inputCost,
    outputCost: cost.outputCost,
    reasoningCost: cost.reasoningCost,
    totalCost: cost.totalCost,
    flaggedForReview: review.flagged,
    reviewReasons: review.reasons.length ? review.reasons : null,
    confidence: result?.confidence ?? null,
    ...(input.gradedAt ? { gradedAt: input.gradedAt } : {}),
  };
}

/**
 * These logs' rows with their question's text, rubric and the question's part of a model's prompt
 * named by key rather than copied, and the statements that store those texts once (ADR 0048,
 * amended 2026-11-27 (2) and (4)).
 */
async function withStoredTexts(db: Database, inputs: readonly GradingLogInput[]) {
  const rows = inputs.map(gradingLogValues);
  const rubric = (row: (typeof rows)[number]) => (row.rubric === null || row.rubric === undefined ? null : JSON.stringify(row.rubric));
  const prompt = (row: (typeof rows)[number]) => (row.promptSent ? splitGradingPrompt(row.promptSent) : null);
  const keys = await textKeys(
    rows.flatMap((row) => [row.questionText, ...(rubric(row) === null ? [] : [rubric(row)!]), ...(prompt(row) ? [prompt(row)!.shared] : [])]),
  );
  const named = rows.map((row) => {
    const rubricText = rubric(row);
    const promptParts = prompt(row);
    return {
      ...row,
      questionText: "",
      questionTextId: keys.get(row.questionText)!,
      rubric: null,
      rubricId: rubricText === null ? null : keys.get(rubricText)!,
      ...(promptParts ? { promptSent: promptParts.own, promptPrefixId: keys.get(promptParts.shared)! } : {}),
    };
  });
  return { rows: named, texts: questionTextInserts(db, keys) };
}

/** One row per grading call. */
export async function insertGradingLog(db: Database, input: GradingLogInput): Promise<GradingLogRow> {
  const { rows, texts } = await withStoredTexts(db, [input]);
  const results = await db.batch([db.insert(aiGradingLogs).values(rows[0]!).returning(), ...texts]);
  const [row] = results[0];
  if (!row) throw new Error("Writing the grading log returned no row");
  return row;
}

/** Several grading logs in one batch (a demo session's answers); one row a statement, as a row has 27 columns. */
/** The insert statements of these logs, several rows a statement, for a batch the caller runs with its own writes. */
export function gradingLogInserts(db: Database, inputs: readonly GradingLogInput[]) {
  return insertGroups(inputs.map((input) => ({ id: crypto.randomUUID(), ...gradingLogValues(input) }))).map((group) => db.insert(aiGradingLogs).values(group));
}

export async function insertGradingLogs(db: Database, inputs: GradingLogInput[]): Promise<void> {
  const { rows, texts } = await withStoredTexts(db, inputs);
  const [first, ...rest] = rows.map((row) => db.insert(aiGradingLogs).values(row));
  if (first) await db.batch([first, ...rest, ...texts]);
}

/** A log's columns with its question's text and rubric read wherever they are kept: what every reader of logs selects. */
export const gradingLogColumns = { ...getTableColumns(aiGradingLogs), ...gradingLogTexts };

/** A session's grading logs, oldest first (the order the answers were graded). */
export async function listSessionGradingLogs(db: Database, sessionId: string): Promise<GradingLogRow[]> {
  return db
    .select(gradingLogColumns)
    .from(aiGradingLogs)
    .where(eq(aiGradingLogs.sessionId, sessionId))
    .orderBy(asc(aiGradingLogs.gradedAt), asc(aiGradingLogs.createdAt));
}

/** The newest grading log of one answer: the one a teacher's override is recorded against. */
export async function latestGradingLogId(db: Database, sessionId: string, questionId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: aiGradingLogs.id })
    .from(aiGradingLogs)
    .where(and(eq(aiGradingLogs.sessionId, sessionId), eq(aiGradingLogs.questionId, questionId)))
    .orderBy(desc(aiGradingLogs.gradedAt))
    .limit(1);
  return row?.id ?? null;
}
