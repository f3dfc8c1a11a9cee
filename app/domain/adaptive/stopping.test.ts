import { describe, expect, it } from "vitest";

import { DEFAULT_PLACEMENT_RULE, placementStopReason } from "./stopping";

const rule = DEFAULT_PLACEMENT_RULE;

describe("placement stopping", () => {
  it("defaults to SE ≤ 0.30, at least 5 and at most 20 items", () => {
    expect(rule).toEqual({ targetSE: 0.3, minItems: 5, maxItems: 20 });
  });

  it("goes on before the minimum even when precise", () => {
    expect(placementStopReason(rule, { itemsGiven: 4, se: 0.1, bankSize: 50 })).toBeNull();
  });

  it("stops once precise enough after the minimum, and not while SE is above the target", () => {
    expect(placementStopReason(rule, { itemsGiven: 5, se: 0.3, bankSize: 50 })).toBe("precise_enough");
    expect(placementStopReason(rule, { itemsGiven: 12, se: 0.31, bankSize: 50 })).toBeNull();
  });

  it("stops at the maximum, capped at the bank size", () => {
    expect(placementStopReason(rule, { itemsGiven: 20, se: 0.5, bankSize: 50 })).toBe("max_length");
    expect(placementStopReason(rule, { itemsGiven: 8, se: 0.5, bankSize: 8 })).toBe("bank_exhausted");
    expect(placementStopReason(rule, { itemsGiven: 0, se: 1, bankSize: 0 })).toBe("bank_exhausted");
  });
});
