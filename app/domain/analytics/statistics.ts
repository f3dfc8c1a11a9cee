/**
 * Small descriptive statistics for class analytics (issue 10), exact on hand-made data: the
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
  const totals = pairs.map((pair) => pair.total);
  const spread = standardDeviation(totals);
  const right = pairs.filter((pair) => pair.correct).map((pair) => pair.total);
  const wrong = pairs.filter((pair) => !pair.correct).map((pair) => pair.total);
  if (!spread || !right.length || !wrong.length) return null;
  const p = right.length / pairs.length;
  return ((mean(right)! - mean(wrong)!) / spread) * Math.sqrt(p * (1 - p));
}
