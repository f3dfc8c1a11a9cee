/**
 * Fitting and checking the grade confidence: is its estimate of agreement with a teacher right, and
 * are the grades it is sure of (confidence ≥ LOW_CONFIDENCE) at most REVIEW_WRONG_SHARE wrong?
 */
import { resolve } from "node:path";

import { LOW_CONFIDENCE } from "../../app/domain/ai/confidence";
import {
  agreementEstimate,
  type ConfidenceInputs,
  confidenceInputs,
  type ConfidenceWeights,
  gradeConfidence,
} from "../../app/domain/ai/offline-grader/confidence";
import { calibrationRubricFiles, readRows, semevalFile } from "./data";
import { fitLogistic } from "./fit";
import { type Analysed, analyseRows, assignFolds, crossValidatedScores, outOfFold, passes, scoreWith } from "./holdout";

const CONFIDENCE_NAMES: (keyof ConfidenceInputs)[] = ["passed", "passMargin", "failMargin"];

/**
 * The share of wrong grades allowed above the review line on each real set the line is fitted on:
 * a point under the 10 % the line is held to, so that it holds on questions the fit never saw.
 */
const REVIEW_WRONG_SHARE = 0.09;
const FOLDS = 10;

const logit = (probability: number) => Math.log(probability / (1 - probability));

const agrees = (item: Analysed, score: number) => passes(score) === (item.row.humanScore === 1);

/** Grades of one set as the confidence is fitted on them; `setsReviewLine`: a real teachers' set the line must hold on. */
export type GradedSet = { rows: readonly Analysed[]; scores: readonly number[]; setsReviewLine: boolean };

/**
 * The lowest log-odds of agreement at which the grades at or above it are at most
 * REVIEW_WRONG_SHARE wrong. Generic rubrics' grades are left out: they are flagged whatever their
 * estimate. Cuts fall only between distinct values (tied grades are flagged or not together).
 */
function reviewLogOdds(set: GradedSet, logOdds: readonly number[]): number {
  const order = set.rows
    .map((item, index) => ({ value: logOdds[index]!, wrong: agrees(item, set.scores[index]!) ? 0 : 1, generic: item.evidence.genericRubric === true }))
    .filter((row) => !row.generic)
    .sort((a, b) => b.value - a.value);
  let wrong = 0;
  let line = (order[0]?.value ?? 0) + 1e-6;
  order.forEach((row, index) => {
    wrong += row.wrong;
    const lastOfTie = index === order.length - 1 || order[index + 1]!.value < row.value;
    if (lastOfTie && wrong <= REVIEW_WRONG_SHARE * (index + 1)) line = row.value;
  });
  return line;
}

/**
 * Fits the confidence on these sets, each counting alike whatever its size, then moves the review
 * line to where every real set's sure grades are at most REVIEW_WRONG_SHARE wrong (the highest of
 * their lines).
 */
export function fitConfidenceWeights(sets: readonly GradedSet[]): ConfidenceWeights {
  const inputs = sets.flatMap((set) =>
    set.scores.map((score) => {
      const values = confidenceInputs(score);
      return CONFIDENCE_NAMES.map((name) => values[name]);
    }),
  );
  const labels = sets.flatMap((set) => set.rows.map((item, index) => (agrees(item, set.scores[index]!) ? 1 : 0)));
  const total = labels.length;
  const rowWeights = sets.flatMap((set) => set.rows.map(() => total / (sets.length * set.rows.length)));
  const fitted = fitLogistic(inputs, labels, rowWeights);
  const named = { bias: fitted[0]!, reviewShift: 0 } as ConfidenceWeights;
  CONFIDENCE_NAMES.forEach((name, index) => (named[name] = fitted[index + 1]!));
  const lines = sets
    .filter((set) => set.setsReviewLine)
    .map((set) =>
      reviewLogOdds(
        set,
        set.scores.map((score) => logit(agreementEstimate(score, named))),
      ),
    );
  named.reviewShift = lines.length === 0 ? 0 : logit(LOW_CONFIDENCE) - Math.max(...lines);
  return named;
}

/** A set's file, its rows analysed, and its grades by the shipped scoring weights. */
type CalibrationSet = { file: string; analysed: Analysed[]; scores: number[]; setsReviewLine: boolean };

/**
 * The sets the shipped confidence is fitted on: SemEval `train` graded out of fold (its scoring
 * weights were fitted on it) and the real teachers' sets that may ship (data.ts
 * `calibrationRubricFiles`), graded as shipped (their weights never saw them).
 */
export function calibrationSets(): CalibrationSet[] {
  const train = analyseRows(readRows(semevalFile(), "train"));
  const sets: CalibrationSet[] = [
    { file: `${semevalFile()}#train`, analysed: train, scores: crossValidatedScores(train, assignFolds(train, FOLDS), FOLDS), setsReviewLine: false },
  ];
  for (const file of calibrationRubricFiles()) {
    const analysed = analyseRows(readRows(file));
    sets.push({ file: resolve(file), analysed, scores: analysed.map((item) => scoreWith(item)), setsReviewLine: true });
  }
  return sets;
}

export const asGraded = (set: CalibrationSet): GradedSet => ({ rows: set.analysed, scores: set.scores, setsReviewLine: set.setsReviewLine });

/** A grade's confidence and the estimate of agreement it comes from. */
export type Confidence = { confidence: number; estimate: number };

/**
 * Held-out confidence, nested: for each fold, the held questions' grades get a confidence fitted
 * without them, on the other folds' questions (graded by scoring weights fitted without the held
 * fold either, by an inner cross-validation) and on the other sets.
 */
export function heldOutConfidence(
  rows: readonly Analysed[],
  scores: readonly number[],
  fold: readonly number[],
  folds: number,
  others: readonly GradedSet[],
  setsReviewLine: boolean,
): Confidence[] {
  return outOfFold(
    fold,
    folds,
    (training) => {
      const trainingRows = training.map((index) => rows[index]!);
      const innerScores = crossValidatedScores(
        trainingRows,
        training.map((index) => fold[index]!),
        folds,
      );
      return fitConfidenceWeights([{ rows: trainingRows, scores: innerScores, setsReviewLine }, ...others]);
    },
    (weights, index) => confidenceOf(rows[index]!, scores[index]!, weights),
  );
}

export const confidenceOf = (item: Analysed, score: number, weights?: ConfidenceWeights): Confidence => ({
  confidence: gradeConfidence(score, item.evidence, weights),
  estimate: agreementEstimate(score, weights),
});

/**
 * Of the grades sure enough not to be flagged for a teacher (confidence ≥ LOW_CONFIDENCE, N), how
 * many disagree with the human label (W): the wrong marks nobody is asked to look at. Plain
 * integers, so a later run can be compared line for line.
 */
export function unflaggedWrongLine(rows: readonly Analysed[], scores: readonly number[], confidence: readonly Confidence[]): string {
  const unflagged = rows.map((_, index) => index).filter((index) => confidence[index]!.confidence >= LOW_CONFIDENCE);
  const wrong = unflagged.filter((index) => !agrees(rows[index]!, scores[index]!)).length;
  return `unflagged wrong ${wrong} of ${unflagged.length}`;
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** "confidence ≥ 0.6: accuracy 0.91 (n 700) · < 0.6: accuracy 0.55 (n 300, 30% flagged)". */
export function confidenceSplit(rows: readonly Analysed[], scores: readonly number[], confidence: readonly Confidence[]): string {
  const high = rows.map((_, index) => index).filter((index) => confidence[index]!.confidence >= LOW_CONFIDENCE);
  const low = rows.map((_, index) => index).filter((index) => confidence[index]!.confidence < LOW_CONFIDENCE);
  const accuracy = (indexes: number[]) =>
    indexes.length === 0 ? "–" : (indexes.filter((index) => agrees(rows[index]!, scores[index]!)).length / indexes.length).toFixed(3);
  return (
    `confidence ≥ ${LOW_CONFIDENCE}: accuracy ${accuracy(high)} (n ${high.length}) · < ${LOW_CONFIDENCE}: accuracy ${accuracy(low)} ` +
    `(n ${low.length}, ${((100 * low.length) / rows.length).toFixed(0)}% flagged)`
  );
}

const BINS = [0, 0.3, 0.6, 0.7, 0.8, 0.9, 1.01];

/**
 * The reliability table: by confidence bin, how many grades, the agreement the model estimated for
 * them and the agreement observed. The estimate should match what is observed; the confidence is
 * the estimate moved so the review line falls at REVIEW_WRONG_SHARE wrong above it.
 */
export function reliabilityLine(rows: readonly Analysed[], scores: readonly number[], confidence: readonly Confidence[]): string {
  const cells = BINS.slice(0, -1).flatMap((low, bin) => {
    const high = BINS[bin + 1]!;
    const indexes = rows.map((_, index) => index).filter((index) => confidence[index]!.confidence >= low && confidence[index]!.confidence < high);
    if (indexes.length === 0) return [];
    const estimated = mean(indexes.map((index) => confidence[index]!.estimate));
    const observed = mean(indexes.map((index) => (agrees(rows[index]!, scores[index]!) ? 1 : 0)));
    return [`${low.toFixed(1)}–${Math.min(1, high).toFixed(1)}: n ${indexes.length}, ${estimated.toFixed(2)} → ${observed.toFixed(2)}`];
  });
  return `reliability (confidence: n, estimated → observed agreement): ${cells.join(" · ")}`;
}
