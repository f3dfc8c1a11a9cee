import { translate } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";

import type { DiagnosticRule, LengthRange } from "./diagnostic";
import type { AdaptiveItem } from "./selection";
import type { PlacementRule } from "./stopping";

/**
 * How many questions a test can take in each mode (ADR 0012): the engine stops within this range
 * on every path, so the range is what a student is told before starting, and its maximum is what
 * a session ended before the engine's stop is scored against.
 */

/** Placement: at least its minimum, at most its maximum, never more than the test has. */
export function placementLength(rule: PlacementRule, itemCount: number): LengthRange {
  const max = Math.min(rule.maxItems, itemCount);
  return { min: Math.min(rule.minItems, max), max };
}

/**
 * Diagnostic: never shorter than the longest placement on the same test, and long enough to give
 * every competency its rule's items (items and probe items of one competency counted together, as
 * the rule counts them). The engine stops at the maximum, so it holds on every path.
 */
export function diagnosticLength(
  rule: DiagnosticRule,
  placement: PlacementRule,
  bank: { items: readonly AdaptiveItem[]; probeItems?: readonly AdaptiveItem[] },
): LengthRange {
  const placementMax = placementLength(placement, bank.items.length).max;
  const perCompetency = new Map<string, number>();
  for (const item of [...bank.items, ...(bank.probeItems ?? [])]) {
    if (item.competencyId) perCompetency.set(item.competencyId, (perCompetency.get(item.competencyId) ?? 0) + 1);
  }
  let coverage = 0;
  for (const count of perCompetency.values()) coverage += Math.min(rule.minItemsPerCompetency, count);
  const max = Math.min(rule.maxItems, Math.max(placementMax, coverage));
  return { min: Math.min(placementMax, max), max };
}

/** "20 questions", or "5 to 20 questions" when the engine decides within a range, in the student's language (ADR 0045). */
export function questionCountLabel({ min, max }: LengthRange, locale: AnyLocale = "en"): string {
  if (min === max) return translate(locale, "start", "questionCount", { n: max });
  return translate(locale, "start", "questionRange", { min, max });
}
