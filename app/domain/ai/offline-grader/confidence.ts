import { LOW_CONFIDENCE } from "../confidence";
import { GRADE_CORRECT_THRESHOLD } from "../schemas";
import type { AnswerEvidence } from "./features";

/**
 * How sure the offline grade is (docs/decisions/0034-offline-grader-rubric-forms-and-held-out-questions.md,
 * amendment "confidence calibrated on real rubrics"). A logistic model estimates the probability
 * that the grade agrees with a teacher's from which side of the pass mark the score is on and how
 * far from it; on questions it had never seen, that was all that predicted agreement (the kind of
 * target matched, the rubric's size, the answer's length and the disqualifiers were tried and
 * added nothing). The confidence is that estimate with its log-odds moved by `reviewShift`, so that
 * the review line (LOW_CONFIDENCE) falls where the grades above it were at most 9 % wrong on the
 * real teachers' rubrics: an estimate of 0.69 reads 0.6. The weights are fitted on the SemEval
 * `train` split and the real set whose licence lets them ship, SAF (`npm run bench:grader -- --fit`),
 * each counting alike; ASAP only measures them.
 */
export type ConfidenceInputs = {
  /** 1 when the score passes (70 or more). */
  passed: number;
  /** |log-odds of the score − log-odds of the pass mark| when it passes, else 0. */
  passMargin: number;
  /** The same distance when it fails, else 0: a fail far below the line is surer than a pass as far above it. */
  failMargin: number;
};

export type ConfidenceWeights = {
  bias: number;
  /** Added to the log-odds of agreement so the review line falls where sure grades are at most 9 % wrong. */
  reviewShift: number;
} & Record<keyof ConfidenceInputs, number>;

const CONFIDENCE_WEIGHTS: ConfidenceWeights = {
  bias: -0.069,
  reviewShift: -0.393,
  passed: 0.35,
  passMargin: 0.981,
  failMargin: 0.796,
};

const logit = (probability: number) => Math.log(probability / (1 - probability));
const sigmoid = (logOdds: number) => 1 / (1 + Math.exp(-logOdds));
const PASS_LOG_ODDS = logit(GRADE_CORRECT_THRESHOLD / 100);

export function confidenceInputs(score: number): ConfidenceInputs {
  const probability = Math.min(0.995, Math.max(0.005, score / 100));
  const distance = Math.abs(logit(probability) - PASS_LOG_ODDS);
  const passed = score >= GRADE_CORRECT_THRESHOLD ? 1 : 0;
  return { passed, passMargin: passed * distance, failMargin: (1 - passed) * distance };
}

function agreementLogOdds(score: number, weights: ConfidenceWeights): number {
  const inputs = confidenceInputs(score);
  let total = weights.bias;
  for (const name of Object.keys(inputs) as (keyof ConfidenceInputs)[]) total += weights[name] * inputs[name];
  return total;
}

/** The estimated probability that a teacher agrees with the grade (the bench's reliability table checks it). */
export function agreementEstimate(score: number, weights: ConfidenceWeights = CONFIDENCE_WEIGHTS): number {
  return sigmoid(agreementLogOdds(score, weights));
}

/** The estimate of agreement at which a grade reaches the review line. */
export const reviewLineEstimate = (weights: ConfidenceWeights = CONFIDENCE_WEIGHTS) => sigmoid(logit(LOW_CONFIDENCE) - weights.reviewShift);

/**
 * Below the line under which a grade is flagged for the teacher (domain/ai/confidence.ts): a grade
 * against a generic description only ("The response fulfills all the requirements of the task") is
 * no better than a guess, whatever its match.
 */
const GENERIC_RUBRIC_CONFIDENCE = 0.3;

/** The confidence of a grade, rounded to two decimals. */
export function gradeConfidence(score: number, evidence: AnswerEvidence, weights: ConfidenceWeights = CONFIDENCE_WEIGHTS): number {
  const confidence = Math.round(100 * sigmoid(agreementLogOdds(score, weights) + weights.reviewShift)) / 100;
  return evidence.genericRubric ? Math.min(confidence, GENERIC_RUBRIC_CONFIDENCE) : confidence;
}
