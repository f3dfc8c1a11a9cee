import { GRADE_CORRECT_THRESHOLD } from "../schemas";
import type { AnswerFeatures } from "./features";

/**
 * A logistic model over the answer features. The weights are the handful of global parameters the
 * brief allows: fitted once by logistic regression on the train split of the development set
 * (`npm run bench:grader -- --fit --split train`), never per question, never on the test split.
 * The bias already includes the shift that puts the train split's best decision threshold at a
 * score of GRADE_CORRECT_THRESHOLD (70).
 */
type ScoringWeights = { bias: number } & Record<keyof AnswerFeatures, number>;

export const SCORING_WEIGHTS: ScoringWeights = {
  bias: -1.048,
  newTermCoverage: 0.94,
  questionTermCoverage: 0.038,
  overallCoverage: 1.496,
  phraseCoverage: 0.351,
  precision: 0.192,
  letterOverlap: 1.086,
  questionEcho: 0.261,
  logLength: 0.237,
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
 * An answer that states none of the reference's terms, not even misspelt, is nearly always wrong
 * (gibberish, "I don't know", another topic); the model alone would still give it its base rate
 * of about 30, which reads to a teacher as partial credit.
 */
const NO_SHARED_TERM_CEILING = 10;

/** A 0–100 score: the model's probability of a correct answer, in percent, rounded. */
export function scoreFromFeatures(features: AnswerFeatures, weights: ScoringWeights = SCORING_WEIGHTS): number {
  const score = Math.round(100 * sigmoid(logOdds(features, weights)));
  return features.overallCoverage === 0 ? Math.min(score, NO_SHARED_TERM_CEILING) : score;
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
