/** Logistic regression of the scorer's global weights (and of the confidence model's) by Newton's method. */
import { GRADE_CORRECT_THRESHOLD } from "../../app/domain/ai/schemas";

const logit = (probability: number) => Math.log(probability / (1 - probability));

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and symmetric positive definite). */
function solveLinear(matrix: number[][], vector: number[]): number[] {
  const size = vector.length;
  const rows = matrix.map((row, index) => [...row, vector[index]!]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1) if (Math.abs(rows[row]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = row;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    for (let row = 0; row < size; row += 1) {
      if (row === column) continue;
      const factor = rows[row]![column]! / rows[column]![column]!;
      for (let k = column; k <= size; k += 1) rows[row]![k]! -= factor * rows[column]![k]!;
    }
  }
  return rows.map((row, index) => row[size]! / row[index]!);
}

const dot = (input: readonly number[], weights: readonly number[]) => input.reduce((sum, x, k) => sum + x * weights[k]!, 0);

/**
 * Fits [bias, ...weights] of a logistic model to 0/1 labels, with a whisker of ridge so it always
 * converges. `rowWeights` (default 1 each) lets sets of different sizes count alike.
 */
export function fitLogistic(inputs: readonly number[][], labels: readonly number[], rowWeights?: readonly number[]): number[] {
  const size = inputs[0]!.length + 1;
  const rows = inputs.map((input) => [1, ...input]);
  const weights = new Array<number>(size).fill(0);
  const weightOf = (row: number) => rowWeights?.[row] ?? 1;
  const ridge = 1e-3 * rows.reduce((sum, _, row) => sum + weightOf(row), 0);
  for (let iteration = 0; iteration < 25; iteration += 1) {
    const gradient = weights.map((weight, k) => (k === 0 ? 0 : ridge * weight));
    const hessian = Array.from({ length: size }, (_, a) => Array.from({ length: size }, (_, b) => (a === b && a > 0 ? ridge : a === b ? 1e-9 : 0)));
    rows.forEach((input, row) => {
      const probability = 1 / (1 + Math.exp(-dot(input, weights)));
      const curvature = weightOf(row) * probability * (1 - probability);
      input.forEach((x, a) => {
        gradient[a]! += weightOf(row) * (probability - labels[row]!) * x;
        for (let b = 0; b < size; b += 1) hessian[a]![b]! += curvature * x * input[b]!;
      });
    });
    solveLinear(hessian, gradient).forEach((step, k) => (weights[k]! -= step));
  }
  return weights;
}

/**
 * Moves the bias so the decision threshold with the best accuracy on these rows becomes a score of
 * 70. Rows in `failed` stay below the pass mark whatever their odds (the grader's caps).
 */
export function shiftToPassMark(
  weights: number[],
  inputs: readonly number[][],
  labels: readonly number[],
  failed: readonly boolean[],
): { weights: number[]; accuracy: number } {
  const odds = inputs.map((input, row) => (failed[row] ? -Infinity : dot([1, ...input], weights)));
  let bestThreshold = 0;
  let bestCorrect = -1;
  for (let threshold = -2; threshold <= 2; threshold += 0.01) {
    const correct = odds.filter((value, row) => (value >= threshold ? 1 : 0) === labels[row]).length;
    if (correct > bestCorrect) [bestThreshold, bestCorrect] = [threshold, correct];
  }
  const shifted = [...weights];
  shifted[0] = shifted[0]! - bestThreshold + logit(GRADE_CORRECT_THRESHOLD / 100);
  return { weights: shifted, accuracy: bestCorrect / inputs.length };
}
