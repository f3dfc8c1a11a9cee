/**
 * Item exposure (ADR 0008, "Exposure control"): how often each item has been seen, and the
 * maximum-exposure-rate cap that selection honours. In a district where students retest three
 * times a year, an item every student meets becomes known; the cap keeps each item's share of
 * test takers bounded while selection still chooses by information among the others.
 *
 * The counts are shared by every session of a test's pool, so like the online calibration they
 * are updated in one serialized place after each completed session (the live path) or in file
 * order (the benchmark), both with `recordExposure`.
 */

/** offered: completed sessions whose pool contained the item; served: those that gave it. */
export type ExposureCounts = { offered: number; served: number };

/**
 * A rate resting on fewer offered sessions than this is not trusted: one session would move it by
 * 5 % or more, and a new item must not be barred because its first student happened to see it.
 */
export const MIN_OFFERED_FOR_RATE = 20;

export function exposureRate(counts: ExposureCounts): number {
  return counts.offered > 0 ? counts.served / counts.offered : 0;
}

/**
 * The counts after one completed session: every item of its pool was offered, the items it gave
 * were served (a served item counts as offered even if the pool list missed it). Pure: returns a
 * new record, items the session did not involve keep their counts object.
 */
export function recordExposure(
  countsById: Readonly<Record<string, ExposureCounts>>,
  offeredIds: readonly string[],
  servedIds: readonly string[],
): Record<string, ExposureCounts> {
  const served = new Set(servedIds);
  const next: Record<string, ExposureCounts> = { ...countsById };
  for (const id of new Set([...offeredIds, ...servedIds])) {
    const current = countsById[id] ?? { offered: 0, served: 0 };
    next[id] = { offered: current.offered + 1, served: current.served + (served.has(id) ? 1 : 0) };
  }
  return next;
}

/**
 * The cap selection applies. Each session gives `testLength` of the pool's `poolSize` items, so
 * the average rate is testLength / poolSize and no cap can hold below it: on a small pool the cap
 * relaxes to that share. null when exposure control is off.
 */
export function effectiveExposureCap(maxExposureRate: number | null | undefined, testLength: number, poolSize: number): number | null {
  if (maxExposureRate == null) return null;
  const poolShare = poolSize > 0 ? testLength / poolSize : 1;
  return Math.max(maxExposureRate, poolShare);
}

/** Whether an item's observed rate bars it under the cap (never on too few offered sessions). */
export function isOverexposed(counts: ExposureCounts | undefined, cap: number | null): boolean {
  if (cap === null || !counts || counts.offered < MIN_OFFERED_FOR_RATE) return false;
  return exposureRate(counts) >= cap;
}
