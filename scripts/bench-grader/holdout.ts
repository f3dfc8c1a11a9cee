/**
 * Measuring the grader the way it is used: on questions it has never seen. Grouped k-fold
 * cross-validation by question: each fold's questions are graded with weights fitted on the other
 * folds' questions only. Also a tuned word-overlap baseline on the same folds.
 */
import { stemmer } from "stemmer";

import { type AnswerEvidence, type AnswerFeatures, type Disqualifier, NO_FEATURES } from "../../app/domain/ai/offline-grader/features";
import { analyse } from "../../app/domain/ai/offline-grader/index";
import { scoreFromFeatures, type ScoringWeights } from "../../app/domain/ai/offline-grader/scoring";
import { contentTokens } from "../../app/domain/ai/offline-grader/text";
import { GRADE_CORRECT_THRESHOLD } from "../../app/domain/ai/schemas";
import { type BenchRow, inputOf, questionOf } from "./data";
import { fitLogistic, shiftToPassMark } from "./fit";

export type Analysed = {
  row: BenchRow;
  question: string;
  features: AnswerFeatures;
  evidence: AnswerEvidence;
  disqualifiers: Disqualifier[];
  /** False when the grader declines (no rubric text, no answer words): the score is then 0. */
  graded: boolean;
};

const EMPTY_EVIDENCE: AnswerEvidence = { disqualifiers: [], bestIsGroup: false };

export function analyseRows(rows: readonly BenchRow[]): Analysed[] {
  return rows.map((row) => {
    const analysis = analyse(inputOf(row));
    const features = analysis?.features ?? NO_FEATURES;
    const evidence = analysis?.evidence ?? EMPTY_EVIDENCE;
    return { row, question: questionOf(row), features, evidence, disqualifiers: evidence.disqualifiers, graded: analysis !== undefined };
  });
}

export const FEATURE_NAMES = Object.keys(NO_FEATURES) as (keyof AnswerFeatures)[];

/** Fits the scorer's global weights on these rows (the threshold shift included). */
export function fitScoringWeights(rows: readonly Analysed[]): { weights: ScoringWeights; accuracy: number } {
  const inputs = rows.map((item) => FEATURE_NAMES.map((name) => item.features[name]));
  const labels = rows.map((item) => item.row.humanScore);
  const failed = rows.map((item) => !item.graded || item.disqualifiers.length > 0);
  const { weights, accuracy } = shiftToPassMark(fitLogistic(inputs, labels), inputs, labels, failed);
  const named = { bias: weights[0]! } as ScoringWeights;
  FEATURE_NAMES.forEach((name, index) => (named[name] = weights[index + 1]!));
  return { weights: named, accuracy };
}

export function scoreWith(item: Analysed, weights?: ScoringWeights): number {
  return item.graded ? scoreFromFeatures(item.features, item.disqualifiers, weights) : 0;
}

/** A fixed fold for each question: an FNV-1a hash of its id, so the assignment never depends on row order. */
function foldOf(question: string, folds: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < question.length; index += 1) hash = Math.imul(hash ^ question.charCodeAt(index), 0x01000193) >>> 0;
  return hash % folds;
}

export function assignFolds(rows: readonly Analysed[], folds: number): number[] {
  return rows.map((item) => foldOf(item.question, folds));
}

/**
 * Out-of-fold predictions: for each fold, `fit` sees only the indexes of the other folds' rows and
 * `predict` answers for the held fold's rows. The one cross-validation loop of the bench.
 */
export function outOfFold<Model, Prediction>(
  fold: readonly number[],
  folds: number,
  fit: (training: number[]) => Model,
  predict: (model: Model, index: number) => Prediction,
): Prediction[] {
  const predictions = new Array<Prediction>(fold.length);
  for (let held = 0; held < folds; held += 1) {
    const model = fit(fold.flatMap((rowFold, index) => (rowFold === held ? [] : [index])));
    fold.forEach((rowFold, index) => {
      if (rowFold === held) predictions[index] = predict(model, index);
    });
  }
  return predictions;
}

/** Out-of-fold scores: each row graded with weights fitted on the other folds' questions. */
export function crossValidatedScores(rows: readonly Analysed[], fold: readonly number[], folds: number): number[] {
  return outOfFold(
    fold,
    folds,
    (training) => fitScoringWeights(training.map((index) => rows[index]!)).weights,
    (weights, index) => scoreWith(rows[index]!, weights),
  );
}

/** The baseline's one number: the largest share of a reference answer's content stems found in the answer. */
function overlap(row: BenchRow): number {
  const answer = new Set(contentTokens(row.studentAnswer).map((token) => token.stem));
  const references = [row.referenceAnswer, ...(row.allReferenceAnswers ?? []), ...(typeof row.rubric === "string" ? [row.rubric] : [])];
  let best = 0;
  for (const reference of references) {
    const stems = [...new Set(contentTokens(reference).map((token) => stemmer(token.word)))];
    if (stems.length > 0) best = Math.max(best, stems.filter((stem) => answer.has(stem)).length / stems.length);
  }
  return best;
}

/** The threshold on overlap with the best accuracy on these rows. */
function tuneThreshold(values: readonly number[], labels: readonly number[]): number {
  let best = 0.5;
  let bestCorrect = -1;
  for (let threshold = 0; threshold <= 1.0001; threshold += 0.01) {
    const correct = values.filter((value, index) => (value >= threshold ? 1 : 0) === labels[index]).length;
    if (correct > bestCorrect) [best, bestCorrect] = [threshold, correct];
  }
  return best;
}

/** Word-overlap baseline verdicts on the same folds: the threshold tuned on the other folds' questions. */
export function baselineVerdicts(rows: readonly Analysed[], fold: readonly number[], folds: number): boolean[] {
  const values = rows.map((item) => overlap(item.row));
  const labels = rows.map((item) => item.row.humanScore);
  return outOfFold(
    fold,
    folds,
    (training) =>
      tuneThreshold(
        training.map((index) => values[index]!),
        training.map((index) => labels[index]!),
      ),
    (threshold, index) => values[index]! >= threshold,
  );
}

export const passes = (score: number) => score >= GRADE_CORRECT_THRESHOLD;
