import { confidencePercent, LOW_CONFIDENCE_REASON } from "~/domain/ai/confidence";
import type { CallCost } from "~/domain/ai/usage-cost";
import { isPriced } from "~/domain/ai/usage-cost";
import { formatCost } from "~/domain/assessments/ai-cost";

import { agreementKey, type GraderAgreement, noReviews } from "./grading-agreement";

/**
 * GET /api/sessions/{id}/ai-grading and the AI Grading Review page : each log with its cost, the teacher overrides of its answer,
 * the grade in force and how often teachers agree with its grader on its question, and the session's summary. Built from
 * stored rows, so it is pure.
 */
export type StoredGradingLog = {
  id: string;
  questionId: string | null;
  questionType: string;
  questionText: string;
  studentAnswer: unknown;
  score: number | null;
  feedback: string | null;
  keyPoints: string[] | null;
  strengths: string[] | null;
  improvements: string[] | null;
  error: string | null;
  aiModel: string;
  gradedAt: Date;
  promptSent: string | null;
  rawResponse: string | null;
  rubric: unknown;
  promptTokens: number;
  completionTokens: number;
  reasoningTokens: number;
  totalTokens: number;
  inputCost: number;
  outputCost: number;
  reasoningCost: number;
  totalCost: number;
  flaggedForReview: boolean;
  reviewReasons: string[] | null;
  confidence: number | null;
};

export type StoredOverride = {
  questionId: string;
  score: number;
  previousScore: number | null;
  reason: string;
  overriddenBy: string;
  overriddenByName: string;
  createdAt: Date;
};

export type OverrideJson = { score: number; previousScore: number | null; reason: string; overriddenBy: string; overriddenByName: string; createdAt: string };

export function overrideJson(override: StoredOverride): OverrideJson {
  return {
    score: override.score,
    previousScore: override.previousScore,
    reason: override.reason,
    overriddenBy: override.overriddenBy,
    overriddenByName: override.overriddenByName,
    createdAt: override.createdAt.toISOString(),
  };
}

function costJson(log: StoredGradingLog): CallCost {
  return {
    inputCost: log.inputCost,
    outputCost: log.outputCost,
    reasoningCost: log.reasoningCost,
    totalCost: log.totalCost,
    inputTokens: log.promptTokens,
    // Reasoning is part of the completion; the output is the visible rest (as usage-cost prices it).
    outputTokens: Math.max(0, log.completionTokens - log.reasoningTokens),
    reasoningTokens: log.reasoningTokens,
  };
}

/**
 * Logs oldest first, each with its answer's overrides (oldest first), the grade in force (the newest override, else the
 * log's score) and its grader's agreement with teachers on its question (by agreementKey; none yet when absent).
 */
export function gradingReviewJson(
  logs: readonly StoredGradingLog[],
  overrides: readonly StoredOverride[],
  agreements: ReadonlyMap<string, GraderAgreement> = new Map(),
) {
  const byQuestion = new Map<string, OverrideJson[]>();
  for (const override of overrides) byQuestion.set(override.questionId, [...(byQuestion.get(override.questionId) ?? []), overrideJson(override)]);
  const ordered = [...logs].sort((a, b) => a.gradedAt.getTime() - b.gradedAt.getTime());
  const gradingLogs = ordered.map((log) => {
    const answerOverrides = (log.questionId && byQuestion.get(log.questionId)) || [];
    return {
      id: log.id,
      questionId: log.questionId,
      questionType: log.questionType,
      questionText: log.questionText,
      studentAnswer: log.studentAnswer,
      score: log.score,
      feedback: log.feedback,
      keyPoints: log.keyPoints ?? [],
      strengths: log.strengths ?? [],
      improvements: log.improvements ?? [],
      error: log.error,
      aiModel: log.aiModel,
      gradedAt: log.gradedAt.toISOString(),
      promptSent: log.promptSent,
      rawResponse: log.rawResponse,
      rubric: log.rubric,
      promptTokens: log.promptTokens,
      completionTokens: log.completionTokens,
      reasoningTokens: log.reasoningTokens,
      totalTokens: log.totalTokens,
      cost: costJson(log),
      flaggedForReview: log.flaggedForReview,
      reviewReasons: log.reviewReasons ?? [],
      confidence: log.confidence,
      overrides: answerOverrides,
      finalScore: answerOverrides.at(-1)?.score ?? log.score,
      agreement: log.questionId ? (agreements.get(agreementKey(log.questionId, log.aiModel)) ?? noReviews(log.aiModel)) : null,
    };
  });
  const last = ordered.at(-1);
  return {
    gradingLogs,
    sessionCost: { totalCost: ordered.reduce((sum, log) => sum + log.totalCost, 0), model: last ? last.aiModel : null },
  };
}
export type GradingReview = ReturnType<typeof gradingReviewJson>;
export type GradingLogJson = GradingReview["gradingLogs"][number];

/** The page's summary cards: how many logs, the average grade in force, tokens, cost, errors. */
export function gradingSummary(review: GradingReview) {
  const scored = review.gradingLogs.filter((log) => log.error === null && log.finalScore !== null).map((log) => log.finalScore as number);
  return {
    count: review.gradingLogs.length,
    averageScore: scored.length ? Math.round((scored.reduce((sum, score) => sum + score, 0) / scored.length) * 10) / 10 : null,
    totalTokens: review.gradingLogs.reduce((sum, log) => sum + log.totalTokens, 0),
    totalCost: review.sessionCost.totalCost,
    /** Calls whose model has no published rate: recorded at 0, so the total is a floor, not the price. */
    unpricedCount: review.gradingLogs.filter((log) => !isPriced(log.aiModel)).length,
    errorCount: review.gradingLogs.filter((log) => log.error !== null).length,
  };
}

/** A call's cost as the page shows it: a model without a published rate is "Not priced", never "$0.00". */
export const costLabel = (model: string, totalCost: number) => (isPriced(model) ? formatCost(totalCost) : "Not priced");

/** The AI grading page marks 80 or more in green. */
const STRONG_GRADE = 80;
export const isStrongGrade = (score: number) => score >= STRONG_GRADE;

/**
 * The review reasons in a teacher's words: the injection screen's (app/domain/ai/injection.ts) and a low confidence
 * (app/domain/ai/confidence.ts), with the grade's confidence when known. An unknown one is shown as it is.
 */
const REVIEW_REASON_WORDS: Record<string, string> = {
  instruction_override: "Told the grader to ignore its instructions",
  role_play: "Asked the grader to play another role",
  score_demand: "Demanded a score",
  hidden_text: "Hid text from view",
  delimiter: "Imitated the tags around the answer",
  encoded: "Contained an encoded payload",
};
export function reviewReasonWords(reason: string, confidence: number | null = null): string {
  if (reason === LOW_CONFIDENCE_REASON)
    return confidence === null ? "The grader was unsure" : `The grader was unsure (confidence ${confidencePercent(confidence)})`;
  return REVIEW_REASON_WORDS[reason] ?? reason;
}

/** Whether the injection screen flagged the answer (a flag stored before reasons were kept counts as one). */
export const wasScreened = (flagged: boolean, reasons: readonly string[]) =>
  flagged && (reasons.length === 0 || reasons.some((reason) => reason !== LOW_CONFIDENCE_REASON));

/** The teacher's results' words for an answer whose grader was unsure (`grading: "review"`): it waits for their grade on this review. */
export const TEACHER_AWAITING_NOTE = "The grader was unsure: grade it on the AI Grading Review";

/** The teacher's results: how many answers wait for their grade (their provisional grades count in the score until then). */
export function teacherAwaitingSentence(count: number): string {
  const them = count === 1 ? "it" : "them";
  return `${count === 1 ? "1 answer waits" : `${count} answers wait`} for your grade: the grader was unsure, so the student sees no mark for ${them}. Until you grade ${them}, the grader's score counts.`;
}

/**
 * The heading over a log's grade: a teacher's grade is final; an unsure grader's, not yet graded
 * by a teacher, is provisional (the student sees no mark for it until then).
 */
export function gradeHeading(log: { confirmed: boolean; overridden: boolean; reviewReasons: readonly string[] }): string {
  if (log.confirmed) return "Final grade (confirmed by a teacher)";
  if (log.overridden) return "Final grade (set by a teacher)";
  return log.reviewReasons.includes(LOW_CONFIDENCE_REASON) ? "Provisional grade (awaiting your review)" : "Final grade";
}
