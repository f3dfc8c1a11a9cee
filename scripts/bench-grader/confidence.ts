/** Fitting and checking the grade confidence: does a low confidence really mark less accurate grades? */
import { LOW_CONFIDENCE } from "../../app/domain/ai/confidence";
import { type ConfidenceInputs, confidenceInputs, type ConfidenceWeights, gradeConfidence } from "../../app/domain/ai/offline-grader/confidence";
import { fitLogistic } from "./fit";
import { type Analysed, outOfFold, passes } from "./holdout";

const CONFIDENCE_NAMES: (keyof ConfidenceInputs)[] = ["decisiveness", "margin", "disqualified", "logTargets", "logAnswerTerms"];

const agrees = (item: Analysed, score: number) => passes(score) === (item.row.humanScore === 1);

/** Fits the confidence weights on grades (out-of-fold ones, so they are as good as on new questions). */
export function fitConfidenceWeights(rows: readonly Analysed[], scores: readonly number[]): ConfidenceWeights {
  const inputs = rows.map((item, index) => {
    const values = confidenceInputs(scores[index]!, item.evidence);
    return CONFIDENCE_NAMES.map((name) => values[name]);
  });
  const weights = fitLogistic(
    inputs,
    rows.map((item, index) => (agrees(item, scores[index]!) ? 1 : 0)),
  );
  const named = { bias: weights[0]! } as ConfidenceWeights;
  CONFIDENCE_NAMES.forEach((name, index) => (named[name] = weights[index + 1]!));
  return named;
}

/** Confidence of out-of-fold grades, each fold's from weights fitted on the other folds. */
export function crossValidatedConfidence(rows: readonly Analysed[], scores: readonly number[], fold: readonly number[], folds: number): number[] {
  return outOfFold(
    fold,
    folds,
    (training) =>
      fitConfidenceWeights(
        training.map((index) => rows[index]!),
        training.map((index) => scores[index]!),
      ),
    (weights, index) => gradeConfidence(scores[index]!, rows[index]!.evidence, weights),
  );
}

/** "confidence ≥ 0.6: accuracy 0.81 (n 700) · < 0.6: accuracy 0.55 (n 300, 30% flagged)". */
/**
 * Of the grades sure enough not to be flagged for a teacher (confidence ≥ LOW_CONFIDENCE, N), how
 * many disagree with the human label (W): the wrong marks nobody is asked to look at. Plain
 * integers, so a later run can be compared line for line.
 */
export function unflaggedWrongLine(rows: readonly Analysed[], scores: readonly number[], confidence: readonly number[]): string {
  const unflagged = rows.map((_, index) => index).filter((index) => confidence[index]! >= LOW_CONFIDENCE);
  const wrong = unflagged.filter((index) => !agrees(rows[index]!, scores[index]!)).length;
  return `unflagged wrong ${wrong} of ${unflagged.length}`;
}

export function confidenceSplit(rows: readonly Analysed[], scores: readonly number[], confidence: readonly number[]): string {
  const high = rows.map((_, index) => index).filter((index) => confidence[index]! >= LOW_CONFIDENCE);
  const low = rows.map((_, index) => index).filter((index) => confidence[index]! < LOW_CONFIDENCE);
  const accuracy = (indexes: number[]) =>
    indexes.length === 0 ? "–" : (indexes.filter((index) => agrees(rows[index]!, scores[index]!)).length / indexes.length).toFixed(3);
  return (
    `confidence ≥ ${LOW_CONFIDENCE}: accuracy ${accuracy(high)} (n ${high.length}) · < ${LOW_CONFIDENCE}: accuracy ${accuracy(low)} ` +
    `(n ${low.length}, ${((100 * low.length) / rows.length).toFixed(0)}% flagged)`
  );
}
