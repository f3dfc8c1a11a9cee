import { GRADE_CORRECT_THRESHOLD } from "../schemas";
import type { AnswerFeatures, Disqualifier } from "./features";

/**
 * A logistic model over the answer features. The weights are the handful of global parameters the
 * grader has: fitted by logistic regression on the train split of the development set
 * (`npm run bench:grader -- --fit`), never per question, never on a test split. The bias already
 * includes the shift that puts the train split's best decision threshold at a score of
 * GRADE_CORRECT_THRESHOLD (70).
 */
export type ScoringWeights = { bias: number } & Record<keyof AnswerFeatures, number>;

export const SCORING_WEIGHTS: ScoringWeights = {
  bias: -0.333,
  coverage: 0.905,
  ownCoverage: 0.85,
  phraseCoverage: 0.921,
  letterOverlap: 0.938,
  precision: 0.305,
  questionEcho: 0.108,
  contradiction: 0.325,
  logLength: -0.062,
  unionCoverage: 0.35,
  lengthRatio: 0.723,
  logTargets: -1.085,
  sentenceCoverage: 0.467,
};

function sigmoid(value: number): number {
  return 1 / (1 + Math.exp(-value));
}

/** The model's log-odds that the answer is correct. */
function logOdds(features: AnswerFeatures, weights: ScoringWeights = SCORING_WEIGHTS): number {
  let total = weights.bias;
  for (const name of Object.keys(features) as (keyof AnswerFeatures)[]) total += weights[name] * features[name];
  return total;
}

/**
 * An answer that states none of the rubric's terms, not even misspelt, is nearly always wrong
 * (gibberish, "I don't know", another topic); the model alone would still give it its base rate,
 * which reads to a teacher as partial credit.
 */
const NO_SHARED_TERM_CEILING = 10;
/**
 * A disqualified answer (features.ts: the right words negated, something the rubric rules out, a
 * bare list of key words, the question repeated) stays below the pass mark whatever its overlap:
 * these are the ways to game a word-matching grader.
 */
const DISQUALIFIED_CEILING = 45;

/** A 0–100 score: the model's probability of a correct answer, in percent, rounded, then capped. */
export function scoreFromFeatures(features: AnswerFeatures, disqualifiers: readonly Disqualifier[] = [], weights: ScoringWeights = SCORING_WEIGHTS): number {
  const score = Math.round(100 * sigmoid(logOdds(features, weights)));
  if (features.coverage === 0 && features.precision === 0) return Math.min(score, NO_SHARED_TERM_CEILING);
  return disqualifiers.length > 0 ? Math.min(score, DISQUALIFIED_CEILING) : score;
}

/**
 * How far the score sits from the pass mark, as a share of the way to 0 or 100: a score of 70 is a
 * coin toss (0), a score of 0 or 100 is certain (1).
 */
export function confidenceOfScore(score: number): number {
  const distance =
    score >= GRADE_CORRECT_THRESHOLD
      ? (score - GRADE_CORRECT_THRESHOLD) / (100 - GRADE_CORRECT_THRESHOLD)
      : (GRADE_CORRECT_THRESHOLD - score) / GRADE_CORRECT_THRESHOLD;
  return Math.round(Math.min(1, distance) * 100) / 100;
}
