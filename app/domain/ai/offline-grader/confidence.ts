import { GRADE_CORRECT_THRESHOLD } from "../schemas";
import type { AnswerEvidence } from "./features";

/**
 * How likely the offline grade is to agree with a teacher's, in [0, 1]
 * (docs/decisions/0034-offline-grader-rubric-forms-and-held-out-questions.md). A logistic model over
 * the evidence: how far the score is from the pass mark, how decisive the best match is against
 * the runner-up, whether a disqualifier decided it, whether the rubric gave usable targets, and
 * how long the answer is. Its few global weights are fitted on out-of-fold grades of held-out
 * questions of the train split (`npm run bench:grader -- --fit`), never on a test split.
 */
export type ConfidenceInputs = {
  /** |log-odds of the score − log-odds of the pass mark|. */
  decisiveness: number;
  /** Strength of the best target's match minus the runner-up's, in [0, 1]. */
  margin: number;
  /** 1 when a disqualifier capped the score. */
  disqualified: number;
  /** log(1 + number of targets the rubric gave). */
  logTargets: number;
  /** log(1 + content words in the answer). */
  logAnswerTerms: number;
};

export type ConfidenceWeights = { bias: number } & Record<keyof ConfidenceInputs, number>;

const CONFIDENCE_WEIGHTS: ConfidenceWeights = {
  bias: 0.558,
  decisiveness: 0.607,
  margin: 0.0,
  disqualified: -0.023,
  logTargets: 0.197,
  logAnswerTerms: -0.275,
};

const logit = (probability: number) => Math.log(probability / (1 - probability));
const PASS_LOG_ODDS = logit(GRADE_CORRECT_THRESHOLD / 100);

export function confidenceInputs(score: number, evidence: AnswerEvidence): ConfidenceInputs {
  const probability = Math.min(0.995, Math.max(0.005, score / 100));
  return {
    decisiveness: Math.abs(logit(probability) - PASS_LOG_ODDS),
    margin: Math.max(0, Math.min(1, evidence.best - evidence.runnerUp)),
    disqualified: evidence.disqualifiers.length > 0 ? 1 : 0,
    logTargets: Math.log1p(evidence.targets),
    logAnswerTerms: Math.log1p(evidence.answerTerms),
  };
}

/**
 * Below the line under which a grade is flagged for the teacher (domain/ai/confidence.ts): a grade
 * against a generic description only ("The response fulfills all the requirements of the task") is
 * no better than a guess, whatever its match.
 */
const GENERIC_RUBRIC_CONFIDENCE = 0.3;

/** The confidence of a grade, rounded to two decimals. */
export function gradeConfidence(score: number, evidence: AnswerEvidence, weights: ConfidenceWeights = CONFIDENCE_WEIGHTS): number {
  const inputs = confidenceInputs(score, evidence);
  let total = weights.bias;
  for (const name of Object.keys(inputs) as (keyof ConfidenceInputs)[]) total += weights[name] * inputs[name];
  const confidence = Math.round(100 / (1 + Math.exp(-total))) / 100;
  return evidence.genericRubric ? Math.min(confidence, GENERIC_RUBRIC_CONFIDENCE) : confidence;
}
