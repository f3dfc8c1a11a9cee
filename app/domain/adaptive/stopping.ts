/**
 * Stopping rules. Placement is the quick mode: stop once the posterior SD is small
 * enough, never before a minimum, never after a maximum (itself never more than the bank has).
 * Running out of time also ends a test, but the session decides that, not the engine.
 */

export type PlacementRule = {
  /** Stop once SE ≤ this (and at least minItems have been given). */
  targetSE: number;
  minItems: number;
  maxItems: number;
};

export const DEFAULT_PLACEMENT_RULE: PlacementRule = {
  targetSE: 0.3,
  minItems: 5,
  maxItems: 20,
};

export type StopReason = "precise_enough" | "max_length" | "bank_exhausted";

/** Why a placement test should stop now, or null to go on. */
export function placementStopReason(rule: PlacementRule, progress: { itemsGiven: number; se: number; bankSize: number }): StopReason | null {
  const { itemsGiven, se, bankSize } = progress;
  if (itemsGiven >= bankSize) return "bank_exhausted";
  if (itemsGiven >= Math.min(rule.maxItems, bankSize)) return "max_length";
  if (itemsGiven >= rule.minItems && se <= rule.targetSE) return "precise_enough";
  return null;
}
