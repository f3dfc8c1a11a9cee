import { type Difficulty } from "~/domain/questions/question-types";
import { OFFLINE_DRAFT_TYPES, type OfflineDraftType, offlineDraftType } from "~/domain/questions/types";

/** How the offline generator shares a draft's questions out: over difficulties, over types, over slots. */

export const DIFFICULTY_ORDER: Difficulty[] = ["easy", "medium", "hard"];

/**
 * Largest-remainder rounding of n over weights. Ties in the remainder go to the larger weight, then
 * to the earlier entry. Weights need not sum to 1; all-zero (or unusable) weights share equally.
 */
function largestRemainder(n: number, rawWeights: number[]): number[] {
  const total = Math.max(0, Math.floor(n));
  const weights = rawWeights.map((weight) => (Number.isFinite(weight) ? Math.max(0, weight) : 0));
  const sum = weights.reduce((a, b) => a + b, 0);
  const quotas = weights.map((weight) => (sum > 0 ? (total * weight) / sum : total / weights.length));
  const counts = quotas.map((quota) => Math.floor(quota + 1e-9));
  const byRemainder = weights
    .map((_, index) => index)
    .sort((a, b) => {
      const remainderGap = quotas[b]! - counts[b]! - (quotas[a]! - counts[a]!);
      return Math.abs(remainderGap) > 1e-9 ? remainderGap : weights[b]! - weights[a]! || a - b;
    });
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (const index of byRemainder) {
    if (left <= 0) break;
    counts[index]! += 1;
    left -= 1;
  }
  return counts;
}

/** n questions over the three difficulties, so 5 at 0.3/0.5/0.2 is easy 1, medium 3, hard 1 (30/50/20 works too). */
export function splitByDifficulty(n: number, distribution: Record<Difficulty, number>): Record<Difficulty, number> {
  const [easy, medium, hard] = largestRemainder(
    n,
    DIFFICULTY_ORDER.map((level) => distribution[level]),
  );
  return { easy: easy!, medium: medium!, hard: hard! };
}

type DraftType = OfflineDraftType;
const DRAFT_TYPES = OFFLINE_DRAFT_TYPES;
const TYPE_NAME = "(multiple[\\s-]*choice|free[\\s-]*response|open[\\s-]*ended|short[\\s-]*answer)";
/** "4 multiple-choice", "70% free response", "30 percent of the questions as short answer". */
const TYPE_SHARE = new RegExp(`(\\d+(?:\\.\\d+)?)\\s*(%|percent)?\\s+(?:of\\s+(?:the\\s+)?(?:questions\\s+)?)?(?:as\\s+|should\\s+be\\s+)?${TYPE_NAME}`, "gi");

/**
 * How many questions of each requested type: the proportions the instructions name, as counts or
 * percentages ("4 multiple-choice and 1 free-response", "70% multiple choice"), types they leave
 * out sharing what is left; otherwise an even split, the odd question going to multiple choice.
 */
export function splitByType(n: number, questionTypes: readonly DraftType[], instructions = ""): Record<DraftType, number> {
  const types = questionTypes.length ? DRAFT_TYPES.filter((type) => questionTypes.includes(type)) : DRAFT_TYPES;
  const named = new Map<DraftType, number>();
  for (const match of instructions.matchAll(TYPE_SHARE)) {
    const type = offlineDraftType(/multiple/i.test(match[3]!) ? "cloze" : "explain");
    const value = Number(match[1]);
    if (types.includes(type) && !named.has(type)) named.set(type, match[2] ? (n * value) / 100 : value);
  }
  const namedTotal = [...named.values()].reduce((a, b) => a + b, 0);
  const unnamed = types.filter((type) => !named.has(type));
  const rest = unnamed.length ? Math.max(0, n - namedTotal) / unnamed.length : 0;
  const counts = largestRemainder(n, named.size ? types.map((type) => named.get(type) ?? rest) : types.map(() => 1));
  const none = Object.fromEntries(DRAFT_TYPES.map((type) => [type, 0])) as Record<DraftType, number>;
  return { ...none, ...Object.fromEntries(types.map((type, index) => [type, counts[index]!])) };
}

/** Which of n slots are multiple choice: m of them spread evenly, the first slot first (3 of 5: 1st, 3rd, 5th). */
export function choiceSlots(n: number, m: number): Set<number> {
  if (m <= 0) return new Set();
  if (m === 1) return new Set([0]);
  return new Set(Array.from({ length: m }, (_, j) => Math.round((j * (n - 1)) / (m - 1))));
}
