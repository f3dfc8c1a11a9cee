import { THETA_GRID } from "./ability";
import { effectiveExposureCap, type ExposureCounts, isOverexposed } from "./exposure";
import { itemInformation, type ItemParameters } from "./item-model";

/**
 * Item selection: maximum Fisher information at θ̂, restricted first to the current
 * section (sections in the teacher's order, unassigned last, each with a share of the length in
 * proportion to its size), then to the competency furthest below its share, then to the items
 * under the maximum exposure rate (exposure.ts; all of them when none is), then a randomesque
 * pick among the top k. Never an item already given.
 */

export type AdaptiveItem = {
  id: string;
  params: ItemParameters;
  competencyId?: string | null;
  sectionId?: string | null;
  /** How often the item has been offered and served so far (exposure.ts); absent: never counted. */
  exposure?: ExposureCounts;
};

export type AdaptiveBank = {
  items: readonly AdaptiveItem[];
  /** The teacher's section order; items whose section is not listed (or null) come last. */
  sectionOrder?: readonly string[];
};

type SelectionInput = {
  bank: AdaptiveBank;
  administeredIds: readonly string[];
  theta: number;
  /**
   * The log-posterior over the ability grid. When given, items are ranked by the posterior
   * variance expected after answering them (smallest first) instead of by information at θ̂:
   * a one-step Bayesian look-ahead that uses the whole posterior, not just its mean.
   */
  logPosterior?: readonly number[];
  /** Planned test length, used to split it among sections. */
  testLength: number;
  /** Randomesque k: the pick is uniform among the k most informative candidates. */
  topK: number;
  /** The maximum exposure rate (exposure.ts); null or absent: no cap. */
  maxExposureRate?: number | null;
  /** The pool the cap is relaxed against (exposure.ts); absent: the bank's items. */
  exposurePoolSize?: number;
  random: () => number;
};

const UNASSIGNED = "\u0000unassigned";

function sectionKey(item: AdaptiveItem, order: readonly string[]): string {
  return item.sectionId != null && order.includes(item.sectionId) ? item.sectionId : UNASSIGNED;
}

/**
 * Each section's number of items: proportional to its size (largest remainder), so a section
 * with half the questions gets half the test.
 */
export function sectionQuotas(bank: AdaptiveBank, testLength: number): Map<string, number> {
  const order = [...(bank.sectionOrder ?? []), UNASSIGNED];
  const sizes = new Map<string, number>(order.map((key) => [key, 0]));
  for (const item of bank.items) {
    const key = sectionKey(item, order);
    sizes.set(key, (sizes.get(key) ?? 0) + 1);
  }
  const total = bank.items.length;
  const length = Math.min(testLength, total);
  const quotas = new Map<string, number>();
  const remainders: { key: string; remainder: number }[] = [];
  let assigned = 0;
  for (const key of order) {
    const exact = total === 0 ? 0 : (length * (sizes.get(key) ?? 0)) / total;
    quotas.set(key, Math.floor(exact));
    assigned += Math.floor(exact);
    remainders.push({ key, remainder: exact - Math.floor(exact) });
  }
  remainders.sort((x, y) => y.remainder - x.remainder);
  for (const { key } of remainders.slice(0, length - assigned)) {
    quotas.set(key, (quotas.get(key) ?? 0) + 1);
  }
  return quotas;
}

/** The items of the first section (in order) that is below its quota and still has items. */
function currentSectionCandidates(input: SelectionInput, eligible: readonly AdaptiveItem[]): readonly AdaptiveItem[] {
  const order = input.bank.sectionOrder ?? [];
  if (order.length === 0) return eligible;
  const quotas = sectionQuotas(input.bank, input.testLength);
  const given = new Set(input.administeredIds);
  const servedPerSection = new Map<string, number>();
  for (const item of input.bank.items) {
    if (!given.has(item.id)) continue;
    const key = sectionKey(item, order);
    servedPerSection.set(key, (servedPerSection.get(key) ?? 0) + 1);
  }
  for (const key of [...order, UNASSIGNED]) {
    if ((servedPerSection.get(key) ?? 0) >= (quotas.get(key) ?? 0)) continue;
    const inSection = eligible.filter((item) => sectionKey(item, order) === key);
    if (inSection.length > 0) return inSection;
  }
  // Every quota is met (a longer test than planned): fall back to the teacher's order.
  for (const key of [...order, UNASSIGNED]) {
    const inSection = eligible.filter((item) => sectionKey(item, order) === key);
    if (inSection.length > 0) return inSection;
  }
  return eligible;
}

/**
 * Content balance: keep only the candidates of the competency furthest below its target share
 * (its share of the candidates' pool within the bank), measured on what has been served so far.
 */
function balancedCandidates(input: SelectionInput, candidates: readonly AdaptiveItem[]): readonly AdaptiveItem[] {
  const competencies = new Set<string>();
  for (const item of candidates) if (item.competencyId) competencies.add(item.competencyId);
  if (competencies.size < 2) return candidates;

  const poolSize = new Map<string, number>();
  const served = new Map<string, number>();
  const given = new Set(input.administeredIds);
  let totalPool = 0;
  let totalServed = 0;
  for (const item of input.bank.items) {
    if (!item.competencyId || !competencies.has(item.competencyId)) continue;
    poolSize.set(item.competencyId, (poolSize.get(item.competencyId) ?? 0) + 1);
    totalPool++;
    if (given.has(item.id)) {
      served.set(item.competencyId, (served.get(item.competencyId) ?? 0) + 1);
      totalServed++;
    }
  }
  let furthestBelow: string | undefined;
  let largestDeficit = -Infinity;
  for (const competency of competencies) {
    const target = (poolSize.get(competency) ?? 0) / totalPool;
    const share = totalServed === 0 ? 0 : (served.get(competency) ?? 0) / totalServed;
    const deficit = target - share;
    if (deficit > largestDeficit) {
      largestDeficit = deficit;
      furthestBelow = competency;
    }
  }
  return candidates.filter((item) => item.competencyId === furthestBelow);
}

/**
 * Restricted maximum information: the candidates whose observed exposure rate is under the cap.
 * Sections and content balance come first (they are the test's content, the cap is its security);
 * when the cap leaves none, the unrestricted candidates, so that a test never stops for it.
 */
function underExposureCap(input: SelectionInput, candidates: readonly AdaptiveItem[]): readonly AdaptiveItem[] {
  const cap = effectiveExposureCap(input.maxExposureRate, input.testLength, input.exposurePoolSize ?? input.bank.items.length);
  if (cap === null) return candidates;
  const allowed = candidates.filter((item) => !isOverexposed(item.exposure, cap));
  return allowed.length > 0 ? allowed : candidates;
}

/** The next item, or undefined when every item has been given. */
export function selectNextItem(input: SelectionInput): AdaptiveItem | undefined {
  const given = new Set(input.administeredIds);
  const eligible = input.bank.items.filter((item) => !given.has(item.id));
  if (eligible.length === 0) return undefined;

  const candidates = underExposureCap(input, balancedCandidates(input, currentSectionCandidates(input, eligible)));
  const k = Math.max(1, Math.floor(input.topK));
  const value = input.logPosterior ? expectedVarianceReduction(input.logPosterior) : (params: ItemParameters) => itemInformation(input.theta, params);
  // Keep the k best in a small sorted list: O(n·k), no full sort per step.
  const top: { item: AdaptiveItem; value: number }[] = [];
  for (const item of candidates) {
    const itemValue = value(item.params);
    if (top.length === k && itemValue <= top[k - 1]!.value) continue;
    let position = top.length;
    while (position > 0 && top[position - 1]!.value < itemValue) position--;
    top.splice(position, 0, { item, value: itemValue });
    if (top.length > k) top.pop();
  }
  const pick = Math.min(top.length - 1, Math.floor(input.random() * top.length));
  return top[pick]!.item;
}

/** Grid points whose posterior weight is below this share of the peak add nothing measurable. */
const NEGLIGIBLE_WEIGHT = 1e-9;

/**
 * Minus the posterior variance expected after answering an item (bigger is better), computed on
 * the grid: the posterior splits into its "correct" and "incorrect" parts, weighted by the
 * predictive probability of each.
 */
function expectedVarianceReduction(logPosterior: readonly number[]): (params: ItemParameters) => number {
  let max = -Infinity;
  for (const value of logPosterior) if (value > max) max = value;
  const thetas: number[] = [];
  const weights: number[] = [];
  let total = 0;
  let sum = 0;
  let sumOfSquares = 0;
  for (let index = 0; index < logPosterior.length; index++) {
    const weight = Math.exp(logPosterior[index]! - max);
    if (weight < NEGLIGIBLE_WEIGHT) continue;
    const theta = THETA_GRID[index]!;
    thetas.push(theta);
    weights.push(weight);
    total += weight;
    sum += weight * theta;
    sumOfSquares += weight * theta * theta;
  }
  return ({ a, b }) => {
    let correct = 0;
    let correctSum = 0;
    let correctSquares = 0;
    for (let index = 0; index < thetas.length; index++) {
      const theta = thetas[index]!;
      const weightedP = weights[index]! / (1 + Math.exp(-a * (theta - b)));
      correct += weightedP;
      correctSum += weightedP * theta;
      correctSquares += weightedP * theta * theta;
    }
    const wrong = total - correct;
    const variance = (mass: number, first: number, second: number) => (mass > 0 ? Math.max(0, second / mass - (first / mass) ** 2) : 0);
    const expected =
      (correct / total) * variance(correct, correctSum, correctSquares) + (wrong / total) * variance(wrong, sum - correctSum, sumOfSquares - correctSquares);
    return -expected;
  };
}
