import { describe, expect, it } from "vitest";

import { effectiveExposureCap, type ExposureCounts, exposureRate, isOverexposed, MIN_OFFERED_FOR_RATE, recordExposure } from "./exposure";

describe("exposure counts", () => {
  it("gives the share of offered sessions that served the item, 0 before any", () => {
    expect(exposureRate({ offered: 40, served: 10 })).toBe(0.25);
    expect(exposureRate({ offered: 0, served: 0 })).toBe(0);
  });

  it("records one completed session without touching the counts it was given", () => {
    const before: Record<string, ExposureCounts> = { q1: { offered: 3, served: 2 }, q9: { offered: 5, served: 1 } };
    const after = recordExposure(before, ["q1", "q2", "q3"], ["q1", "q3"]);
    expect(after).toEqual({
      q1: { offered: 4, served: 3 },
      q2: { offered: 1, served: 0 },
      q3: { offered: 1, served: 1 },
      q9: { offered: 5, served: 1 },
    });
    expect(before.q1).toEqual({ offered: 3, served: 2 });
    expect(after.q9).toBe(before.q9);
  });

  it("counts a served item as offered even when the pool list missed it, and each id once", () => {
    expect(recordExposure({}, ["q1", "q1"], ["q2", "q2"])).toEqual({ q1: { offered: 1, served: 0 }, q2: { offered: 1, served: 1 } });
  });

  it("accumulates over sessions to the share that saw each item", () => {
    let counts: Record<string, ExposureCounts> = {};
    for (let session = 0; session < 100; session++) counts = recordExposure(counts, ["a", "b"], session % 4 === 0 ? ["a"] : ["b"]);
    expect(exposureRate(counts.a!)).toBe(0.25);
    expect(exposureRate(counts.b!)).toBe(0.75);
  });
});

describe("the exposure cap", () => {
  it("is off without a maximum rate", () => {
    expect(effectiveExposureCap(null, 20, 300)).toBeNull();
    expect(effectiveExposureCap(undefined, 20, 300)).toBeNull();
  });

  it("holds on a pool large enough and relaxes to the test's share of a small pool", () => {
    expect(effectiveExposureCap(0.25, 20, 300)).toBe(0.25);
    // 20 of 40 items per session: every item is seen by half the students on average.
    expect(effectiveExposureCap(0.25, 20, 40)).toBe(0.5);
  });

  it("bars an item at or above the cap, but not on a rate resting on too few sessions", () => {
    expect(isOverexposed({ offered: 100, served: 25 }, 0.25)).toBe(true);
    expect(isOverexposed({ offered: 100, served: 24 }, 0.25)).toBe(false);
    expect(isOverexposed({ offered: MIN_OFFERED_FOR_RATE - 1, served: MIN_OFFERED_FOR_RATE - 1 }, 0.25)).toBe(false);
    expect(isOverexposed({ offered: MIN_OFFERED_FOR_RATE, served: MIN_OFFERED_FOR_RATE }, 0.25)).toBe(true);
    expect(isOverexposed(undefined, 0.25)).toBe(false);
    expect(isOverexposed({ offered: 100, served: 100 }, null)).toBe(false);
  });
});
