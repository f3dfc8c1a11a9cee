import { GRADE_CORRECT_THRESHOLD, type GradingResult } from "../schemas";
import { matchConcept } from "./features";
import { contentTokens } from "./text";

type KeyPointCoverage = { keyPoint: string; covered: boolean; contradicted: boolean };

/** A key point counts as covered when the answer states at least half of its own terms. */
const KEY_POINT_COVERED_SHARE = 0.5;
const MAX_LISTED = 10;

/**
 * Which key points an answer covers. Terms a key point shares with the question are left out
 * when it has others, since an answer gets them for free by echoing the question.
 */
export function keyPointCoverage(keyPoints: readonly string[], questionText: string, answerText: string): KeyPointCoverage[] {
  const questionStems = new Set(contentTokens(questionText).map((token) => token.stem));
  const answer = contentTokens(answerText);
  return keyPoints.map((keyPoint) => {
    const terms = contentTokens(keyPoint);
    const ownTerms = terms.filter((term) => !questionStems.has(term.stem));
    const judged = ownTerms.length > 0 ? ownTerms : terms;
    const matches = judged.map((term) => matchConcept(term, answer));
    const stated = matches.filter((match) => match === "stated").length;
    return {
      keyPoint,
      covered: judged.length > 0 && stated / judged.length >= KEY_POINT_COVERED_SHARE,
      contradicted: matches.includes("contradicted"),
    };
  });
}

function verdict(score: number): string {
  if (score >= 85) return "the answer matches the reference closely";
  if (score >= GRADE_CORRECT_THRESHOLD) return "the answer covers the main points of the reference";
  if (score >= 40) return "the answer covers part of the reference, not enough to count as correct";
  return "the answer has little in common with the reference";
}

/** The grading result a student and teacher see, stating plainly that no AI model graded it. */
export function gradingFeedback(score: number, coverage: readonly KeyPointCoverage[], confidence: number): GradingResult {
  const covered = coverage.filter((point) => point.covered && !point.contradicted);
  const contradicted = coverage.filter((point) => point.contradicted && !point.covered);
  const missing = coverage.filter((point) => !point.covered && !point.contradicted);
  const summary = coverage.length > 0 ? ` It covers ${covered.length} of ${coverage.length} key points.` : "";
  const strengths = covered.map((point) => `Covers: ${point.keyPoint}`);
  const improvements = [...contradicted.map((point) => `Seems to contradict: ${point.keyPoint}`), ...missing.map((point) => `Missing: ${point.keyPoint}`)];
  return {
    score,
    feedback:
      `Automatic check (no AI model configured): ${verdict(score)} (score ${score}/100).${summary} ` +
      "This compares words with the reference answer, so a teacher should review unusual wording.",
    strengths: strengths.slice(0, MAX_LISTED),
    improvements: improvements.slice(0, MAX_LISTED),
    keyPoints: coverage.map((point) => point.keyPoint).slice(0, MAX_LISTED),
    confidence,
  };
}
