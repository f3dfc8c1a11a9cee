/**
 * A grade's confidence (app/domain/ai/schemas.ts `gradingResultSchema`) decides whether a teacher
 * should look at it: below LOW_CONFIDENCE the grading log is flagged for review beside the
 * injection screen's flags (app/domain/ai/injection.ts), with its own reason.
 * docs/decisions/0036-grade-confidence-and-override-agreement.md gives the threshold's reasons.
 */
export const LOW_CONFIDENCE = 0.6;

/** The review reason a low-confidence grade carries, stored with the injection screen's reasons. */
export const LOW_CONFIDENCE_REASON = "low_confidence";

export const isLowConfidence = (confidence: number) => confidence < LOW_CONFIDENCE;

/**
 * The offline grader reads English only (its lexicon, stemmer, stop words and spelling are
 * English): its grade of an answer to a question in another language is at best a guess, so it
 * is never more confident than this, under LOW_CONFIDENCE, and the answer waits for its teacher
 * unless a model grades it (ADR 0044).
 */
const OFFLINE_OTHER_LANGUAGE_CONFIDENCE = 0.2;

/** The offline grader's confidence for an answer to a question in `language` (absent: English). */
export function offlineConfidenceIn(language: string | null | undefined, confidence: number): number {
  return !language || language === "en" ? confidence : Math.min(confidence, OFFLINE_OTHER_LANGUAGE_CONFIDENCE);
}

/** 0.42 as "42%", as the review page and the preview say it. */
export const confidencePercent = (confidence: number) => `${Math.round(confidence * 100)}%`;

type Review = { flagged: boolean; reasons: string[] };

/**
 * The review flag of a grade: the injection screen's, plus "low_confidence" when the grader was
 * unsure. No confidence (a failed call) adds nothing: the error is already shown.
 */
export function reviewWithConfidence(review: Review, confidence: number | null): Review {
  if (confidence === null || !isLowConfidence(confidence)) return review;
  return { flagged: true, reasons: [...review.reasons.filter((reason) => reason !== LOW_CONFIDENCE_REASON), LOW_CONFIDENCE_REASON] };
}
