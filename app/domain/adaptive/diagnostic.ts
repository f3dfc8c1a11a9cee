import { type AbilityEstimate, addResponse, initialLogPosterior, summarizePosterior } from "./ability";
import type { ItemParameters } from "./item-model";
import type { AdaptiveItem } from "./selection";

/** The fewest and the most questions a test of one mode asks. */
export type LengthRange = { min: number; max: number };
/**
 * Diagnostic stopping and targeting: the comprehensive mode covers every competency of
 * the test (its minimum number of items, or a small enough SE on it) and, when a covered
 * competency comes out not mastered, probes its prerequisites with questions linked to them:
 * the test's own first, then the bank's. Once everything is covered it goes on, on the competency
 * with the fewest items, until it is at least as long as a placement on the same test (ADR 0012).
 * It stops when nothing is left or at the maximum.
 */

export type DiagnosticRule = {
  /** Items each competency needs (fewer when it has fewer): default 3. */
  minItemsPerCompetency: number;
  /** ...or this SE on the competency's own estimate. */
  competencySE: number;
  maxItems: number;
  /** A competency whose own estimate is below this θ is not mastered: its prerequisites get probed. */
  masteryTheta: number;
};

export const DEFAULT_DIAGNOSTIC_RULE: DiagnosticRule = {
  minItemsPerCompetency: 3,
  competencySE: 0.4,
  maxItems: 40,
  masteryTheta: 0,
};

type CompetencyAnswer = {
  score: number;
  params: ItemParameters;
  competencyId?: string | null;
};

export type DiagnosticInput = {
  rule: DiagnosticRule;
  answers: readonly CompetencyAnswer[];
  administeredIds: readonly string[];
  /** The test's questions. */
  testItems: readonly AdaptiveItem[];
  /** The bank's other questions, used only to probe prerequisites the test cannot. */
  probeItems: readonly AdaptiveItem[];
  /** competencyId → its prerequisites' ids (the product's Prerequisite entity). */
  prerequisites: Readonly<Record<string, readonly string[]>>;
  /** The test's length (test-length.ts): filled up to `min` once covered, stopped at `max`. Absent: the rule's maximum only. */
  length?: LengthRange;
};

/** competencyId is null when filling with the test's questions that have no competency. */
type DiagnosticStep = { competencyId: string | null; candidates: readonly AdaptiveItem[] } | { stop: "max_length" | "all_covered" };

/**
 * Each competency's own EAP estimate from its answers alone (N(0, 1) prior). Used to decide
 * coverage and mastery during the test; the reported mastery may shrink it toward the overall θ.
 */
export function competencyEstimates(answers: readonly CompetencyAnswer[]): Map<string, AbilityEstimate & { items: number }> {
  const posteriors = new Map<string, { logPosterior: number[]; items: number }>();
  for (const answer of answers) {
    if (!answer.competencyId) continue;
    const current = posteriors.get(answer.competencyId) ?? {
      logPosterior: initialLogPosterior(),
      items: 0,
    };
    posteriors.set(answer.competencyId, {
      logPosterior: addResponse(current.logPosterior, { item: answer.params, score: answer.score }),
      items: current.items + 1,
    });
  }
  const estimates = new Map<string, AbilityEstimate & { items: number }>();
  for (const [competencyId, { logPosterior, items }] of posteriors) {
    estimates.set(competencyId, { ...summarizePosterior(logPosterior), items });
  }
  return estimates;
}

function competenciesOf(items: readonly AdaptiveItem[]): string[] {
  const ordered: string[] = [];
  for (const item of items) {
    if (item.competencyId && !ordered.includes(item.competencyId)) ordered.push(item.competencyId);
  }
  return ordered;
}

/** The competency to ask about next (with its unused questions), or why the test is over. */
export function diagnosticStep(input: DiagnosticInput): DiagnosticStep {
  const { rule } = input;
  if (input.answers.length >= rule.maxItems) return { stop: "max_length" };
  const given = new Set(input.administeredIds);
  const estimates = competencyEstimates(input.answers);
  const itemsFor = (competencyId: string, items: readonly AdaptiveItem[]) => items.filter((item) => item.competencyId === competencyId);

  const isCovered = (competencyId: string) => {
    const available = itemsFor(competencyId, input.testItems).length + itemsFor(competencyId, input.probeItems).length;
    const estimate = estimates.get(competencyId);
    const served = estimate?.items ?? 0;
    if (served >= Math.min(rule.minItemsPerCompetency, available)) return true;
    return estimate !== undefined && estimate.se <= rule.competencySE;
  };

  // The test's competencies, then (breadth first) prerequisites of covered, not mastered ones.
  const toCover = competenciesOf(input.testItems);
  for (let index = 0; index < toCover.length; index++) {
    const competencyId = toCover[index]!;
    if (!isCovered(competencyId)) continue;
    const estimate = estimates.get(competencyId);
    if (!estimate || estimate.theta >= rule.masteryTheta) continue;
    for (const prerequisite of input.prerequisites[competencyId] ?? []) {
      if (!toCover.includes(prerequisite)) toCover.push(prerequisite);
    }
  }

  // The uncovered competency with the fewest items so far goes first (ties: the order above).
  let target: { competencyId: string; candidates: readonly AdaptiveItem[] } | undefined;
  let fewest = Infinity;
  for (const competencyId of toCover) {
    if (isCovered(competencyId)) continue;
    const unused = (items: readonly AdaptiveItem[]) => itemsFor(competencyId, items).filter((item) => !given.has(item.id));
    const fromTest = unused(input.testItems);
    const candidates = fromTest.length > 0 ? fromTest : unused(input.probeItems);
    const served = estimates.get(competencyId)?.items ?? 0;
    if (candidates.length > 0 && served < fewest) {
      fewest = served;
      target = { competencyId, candidates };
    }
  }
  // The test's length bounds every path (a competency covered by its SE may lose it again).
  const atMax = input.answers.length >= (input.length?.max ?? Infinity);
  if (target) return atMax ? { stop: "max_length" } : target;
  if (!atMax && input.answers.length < (input.length?.min ?? 0)) return fillStep(input, estimates, given);
  return { stop: "all_covered" };
}

/**
 * Everything is covered but the test is shorter than a placement would be: the next question is
 * on the test's competency with the fewest items so far, then on any question of the test left.
 */
function fillStep(input: DiagnosticInput, estimates: ReturnType<typeof competencyEstimates>, given: ReadonlySet<string>): DiagnosticStep {
  const unused = input.testItems.filter((item) => !given.has(item.id));
  let target: { competencyId: string | null; candidates: readonly AdaptiveItem[] } | undefined;
  let fewest = Infinity;
  for (const competencyId of competenciesOf(unused)) {
    const served = estimates.get(competencyId)?.items ?? 0;
    if (served < fewest) {
      fewest = served;
      target = { competencyId, candidates: unused.filter((item) => item.competencyId === competencyId) };
    }
  }
  if (target) return target;
  return unused.length > 0 ? { competencyId: null, candidates: unused } : { stop: "all_covered" };
}
