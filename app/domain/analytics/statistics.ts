/**
 * Small descriptive statistics for class analytics, exact on hand-made data: the
 * median and percentiles interpolate linearly between order statistics (the spreadsheet
 * PERCENTILE.INC rule), and the standard deviation is the population one (the class is the whole
 * population the teacher is looking at).
 */
export function mean(values: readonly number[]): number | null {
  return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
}

export function percentile(values: readonly number[], fraction: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = Math.min(1, Math.max(0, fraction)) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * (position - lower);
}

export const median = (values: readonly number[]) => percentile(values, 0.5);

export function standardDeviation(values: readonly number[]): number | null {
  const average = mean(values);
  if (average === null) return null;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - average) ** 2, 0) / values.length);
}

/**
 * Point-biserial correlation between answering one question correctly (0/1) and the total score:
 * how well the question separates stronger from weaker students. Null when everyone got it right,
 * everyone got it wrong, or the totals do not vary (it is undefined then).
 */
export function pointBiserial(pairs: readonly { correct: boolean; total: number }[]): number | null {
  const sums = emptyBiserialSums();
  for (const pair of pairs) addToBiserialSums(sums, pair.correct, pair.total);
  return pointBiserialFromSums(sums);
}

/**
 * The same correlation from running sums, so a class's 30,000 answers are tallied in one pass
 * without building a list per question (Cohort Analytics' 200 ms budget).
 */
export type BiserialSums = { count: number; right: number; sumRight: number; sumWrong: number; sumSquares: number };

export const emptyBiserialSums = (): BiserialSums => ({ count: 0, right: 0, sumRight: 0, sumWrong: 0, sumSquares: 0 });

export function addToBiserialSums(sums: BiserialSums, correct: boolean, total: number): void {
  sums.count += 1;
  sums.sumSquares += total * total;
  if (correct) {
    sums.right += 1;
    sums.sumRight += total;
  } else sums.sumWrong += total;
}

/** Spreads below this are rounding noise of equal totals (scores are 0–100, given to a tenth). */
const NO_SPREAD = 1e-9;

export function pointBiserialFromSums({ count, right, sumRight, sumWrong, sumSquares }: BiserialSums): number | null {
  const wrong = count - right;
  if (!right || !wrong) return null;
  const average = (sumRight + sumWrong) / count;
  const variance = sumSquares / count - average * average;
  if (!(variance > NO_SPREAD)) return null;
  const p = right / count;
  return ((sumRight / right - sumWrong / wrong) / Math.sqrt(variance)) * Math.sqrt(p * (1 - p));
}
