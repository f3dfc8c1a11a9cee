import type { AppLoadContext } from "@remix-run/cloudflare";

import { rubricText } from "~/domain/ai/grading-request";
import type { CurrentUser } from "~/domain/auth/current-user";
import { htmlToPlainText } from "~/domain/questions/plain-text";
import { agreementSentence } from "~/domain/sessions/grading-agreement";
import { type GradingLogJson, gradingSummary } from "~/domain/sessions/grading-review";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { shownTime, timeZoneFromCookieHeader } from "~/domain/shell/time-zone";
import { viewGradingReview } from "~/features/sessions/use-cases.server";
import { DomainError } from "~/lib/errors";
import { notFoundPage } from "~/services/http-errors.server";

/** What the page says when the logs cannot be read (never the error's own text). */
export const LOAD_FAILURE = "Failed to fetch AI grading logs";

const BACK = { to: "/admin/tests", label: "Back to Tests" };

/** A student's answer as the teacher reads it: the text, or a chat's turns one a line. */
export function answerForReading(answer: unknown): string {
  if (typeof answer === "string") return answer;
  if (answer && typeof answer === "object" && Array.isArray((answer as { messages?: unknown }).messages)) {
    return (answer as { messages: { role?: string; content?: string }[] }).messages
      .map((turn) => `${turn.role === "assistant" ? "Tutor" : "Student"}: ${turn.content ?? ""}`)
      .join("\n");
  }
  return answer == null ? "" : JSON.stringify(answer, null, 2);
}

function logForPage(log: GradingLogJson, timeZone: string) {
  return {
    id: log.id,
    questionId: log.questionId,
    questionType: log.questionType,
    questionText: htmlToPlainText(log.questionText),
    studentAnswer: answerForReading(log.studentAnswer),
    score: log.score,
    finalScore: log.finalScore,
    feedback: log.feedback,
    keyPoints: log.keyPoints,
    strengths: log.strengths,
    improvements: log.improvements,
    error: log.error,
    aiModel: log.aiModel,
    gradedAt: shownTime(new Date(log.gradedAt), timeZone),
    promptSent: log.promptSent,
    rawResponse: log.rawResponse,
    rubric: rubricText(log.rubric),
    totalTokens: log.totalTokens,
    cost: log.cost,
    flaggedForReview: log.flaggedForReview,
    reviewReasons: log.reviewReasons,
    confidence: log.confidence,
    // The sentence is made here, so the page's JavaScript carries no agreement arithmetic.
    agreement: log.agreement ? { lowAgreement: log.agreement.lowAgreement, sentence: agreementSentence(log.agreement) } : null,
    overrides: log.overrides.map((override) => ({ ...override, createdAt: shownTime(new Date(override.createdAt), timeZone) })),
  };
}
export type PageLog = ReturnType<typeof logForPage>;

/**
 * The page's data: the session, the summary cards and each log, times in the teacher's zone. An
 * unknown session is the 'Session Not Found' page; a failed read is the page's error state.
 */
export async function loadGradingReviewPage(request: Request, context: AppLoadContext, sessionId: string, reader: CurrentUser) {
  try {
    const { session, review } = await viewGradingReview(context, reader, sessionId);
    const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
    return {
      state: "ready" as const,
      session,
      summary: gradingSummary(review),
      model: review.sessionCost.model,
      logs: review.gradingLogs.map((log) => logForPage(log, timeZone)),
    };
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") throw notFoundPage(NOT_FOUND.session, BACK);
    if (error instanceof Response) throw error;
    console.error("Reading the AI grading logs failed", sessionId, error);
    return { state: "error" as const, message: LOAD_FAILURE };
  }
}
