import { LOCAL_NORM_BAND, LOCAL_NORM_MINIMUM, type NormEntry, type NormPoint, normPointKey, type PairNorms } from "./class-growth";

/**
 * The growth norms the nightly job stores (ADR 0049): for each distinct start and growth some
 * district student had in a subject and window pair, the percentile `localPercentile` gives it,
 * computed for all of them at once. A class view then looks its students up instead of reading the
 * district. Sorted by start, the students within the band of a start are one run that slides
 * forward as the start grows; a Fenwick tree over the growths counts those below and equal.
 */

/** Counts by rank, with prefix sums in O(log n). */
class RankCounts {
  private readonly tree: number[];
  constructor(size: number) {
    this.tree = new Array<number>(size + 1).fill(0);
  }
  add(rank: number, delta: number): void {
    for (let index = rank + 1; index < this.tree.length; index += index & -index) this.tree[index]! += delta;
  }
  /** How many have a rank below `rank`. */
  below(rank: number): number {
    let total = 0;
    for (let index = rank; index > 0; index -= index & -index) total += this.tree[index]!;
    return total;
  }
}

/** The same band test as `localPercentile`, so both agree to the last bit of a floating-point difference. */
const outsideBand = (start: number, center: number) => Math.abs(start - center) > LOCAL_NORM_BAND;

/** Every distinct point of these entries with its percentile and band size, in start then growth order. */
export function normPoints(entries: readonly NormEntry[]): NormPoint[] {
  const byStart = [...entries].sort((a, b) => a.start - b.start || a.growth - b.growth);
  const growths = [...new Set(byStart.map((entry) => entry.growth))].sort((a, b) => a - b);
  const rankOf = new Map(growths.map((growth, rank) => [growth, rank]));
  const counts = new RankCounts(growths.length);
  const points: NormPoint[] = [];
  let first = 0;
  let end = 0;
  let bandSize = 0;
  for (let index = 0; index < byStart.length; index += 1) {
    const { start, growth } = byStart[index]!;
    const previous = byStart[index - 1];
    if (previous && previous.start === start && previous.growth === growth) continue;
    // Differences are monotone in the start, so the band only ever moves forward.
    while (end < byStart.length && (byStart[end]!.start <= start || !outsideBand(byStart[end]!.start, start))) {
      counts.add(rankOf.get(byStart[end]!.growth)!, 1);
      bandSize += 1;
      end += 1;
    }
    while (first < end && byStart[first]!.start < start && outsideBand(byStart[first]!.start, start)) {
      counts.add(rankOf.get(byStart[first]!.growth)!, -1);
      bandSize -= 1;
      first += 1;
    }
    const rank = rankOf.get(growth)!;
    const below = counts.below(rank);
    const equal = counts.below(rank + 1) - below;
    const percentile = bandSize < LOCAL_NORM_MINIMUM ? null : Math.min(99, Math.max(1, Math.round((100 * (below + equal / 2)) / bandSize)));
    points.push({ start, growth, percentile, bandSize });
  }
  return points;
}

/** A pair's norms as the class view reads them, made from the district's entries by subject (what the nightly job stores). */
export function pairNorms(norms: ReadonlyMap<string, readonly NormEntry[]>): PairNorms {
  const points = new Map<string, NormPoint>();
  for (const [subject, entries] of norms) for (const point of normPoints(entries)) points.set(normPointKey(subject, point.start, point.growth), point);
  return { points, students: new Map([...norms].map(([subject, entries]) => [subject, entries.length])) };
}
