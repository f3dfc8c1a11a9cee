import { describe, expect, it } from "vitest";

import { addResponse, initialLogPosterior } from "./ability";
import { mulberry32, randomForStep } from "./random";
import { type AdaptiveBank, type AdaptiveItem, sectionQuotas, selectNextItem } from "./selection";

function item(id: string, b: number, extra: Partial<AdaptiveItem> = {}): AdaptiveItem {
  return { id, params: { a: 1, b }, ...extra };
}

const spread: AdaptiveBank = {
  items: [item("far-low", -3), item("low", -1), item("mid", 0.1), item("high", 1), item("far", 3)],
};

function choose(bank: AdaptiveBank, overrides: Partial<Parameters<typeof selectNextItem>[0]> = {}) {
  return selectNextItem({
    bank,
    administeredIds: [],
    theta: 0,
    testLength: 10,
    topK: 1,
    random: mulberry32(1),
    ...overrides,
  });
}

describe("maximum-information selection", () => {
  it("picks the item most informative at θ̂ and never one already given", () => {
    expect(choose(spread)?.id).toBe("mid");
    expect(choose(spread, { theta: 1.2 })?.id).toBe("high");
    expect(choose(spread, { administeredIds: ["mid"] })?.id).toBe("low");
    expect(choose(spread, { administeredIds: spread.items.map((i) => i.id) })).toBeUndefined();
  });

  it("prefers the more discriminating of two items at the same distance", () => {
    const bank = { items: [item("flat", 0.5), item("sharp", 0.5, { params: { a: 2, b: 0.5 } })] };
    expect(choose(bank)?.id).toBe("sharp");
  });

  it("with a posterior, ranks by expected posterior variance, following the posterior rather than θ̂", () => {
    const logPosterior = addResponse(initialLogPosterior(), { item: { a: 1, b: 0 }, score: 1 });
    const chosen = choose(spread, { logPosterior, administeredIds: ["mid"] });
    // After a right answer the posterior sits above 0: the item at b = 1 splits it best.
    expect(chosen?.id).toBe("high");
  });
});

describe("randomesque exposure control", () => {
  const bank: AdaptiveBank = {
    items: Array.from({ length: 20 }, (_, index) => item(`q${index}`, -2 + index * 0.2)),
  };
  const pickWithSeed = (seed: number) => choose(bank, { topK: 3, random: randomForStep(seed, 0) })?.id;

  it("is reproducible with the same seed and varies across seeds, always within the top 3", () => {
    expect(pickWithSeed(42)).toBe(pickWithSeed(42));
    const picks = new Set(Array.from({ length: 30 }, (_, seed) => pickWithSeed(seed)));
    // The three items nearest θ = 0: b = 0 (q10), −0.2 (q9) and +0.2 (q11).
    expect(picks).toEqual(new Set(["q9", "q10", "q11"]));
  });
});

describe("content balance", () => {
  it("serves the competency furthest below its share first", () => {
    const bank: AdaptiveBank = {
      items: [
        item("algebra-1", 0, { competencyId: "algebra" }),
        item("algebra-2", 0.1, { competencyId: "algebra" }),
        item("geometry-1", 2, { competencyId: "geometry" }),
        item("geometry-2", 2.1, { competencyId: "geometry" }),
      ],
    };
    // Algebra is more informative at θ = 0, so it goes first...
    expect(choose(bank)?.id).toBe("algebra-1");
    // ...then geometry is below its half share and comes next despite less information.
    expect(choose(bank, { administeredIds: ["algebra-1"] })?.id).toBe("geometry-1");
  });
});

describe("sections", () => {
  const bank: AdaptiveBank = {
    sectionOrder: ["second", "first"],
    items: [
      item("a1", 0, { sectionId: "first" }),
      item("a2", 0.1, { sectionId: "first" }),
      item("b1", 2, { sectionId: "second" }),
      item("b2", 2.5, { sectionId: "second" }),
      item("loose", 0),
      item("loose-2", 0.05, { sectionId: "deleted-section" }),
    ],
  };

  it("splits the length in proportion to section size", () => {
    const quotas = sectionQuotas(bank, 3);
    expect([...quotas.values()].reduce((x, y) => x + y, 0)).toBe(3);
    expect(quotas.get("second")).toBe(1);
    expect(quotas.get("first")).toBe(1);
  });

  it("serves sections in the teacher's order, unassigned questions last", () => {
    const served: string[] = [];
    for (let step = 0; step < 6; step++) {
      const next = choose(bank, { administeredIds: served, testLength: 6 });
      served.push(next!.id);
    }
    expect(served.slice(0, 2).sort()).toEqual(["b1", "b2"]);
    expect(served.slice(2, 4).sort()).toEqual(["a1", "a2"]);
    expect(served.slice(4).sort()).toEqual(["loose", "loose-2"]);
  });
});

describe("maximum exposure rate", () => {
  const seen = (served: number, offered = 100) => ({ exposure: { offered, served } });
  // Twenty items around θ = 0, the best ones seen by many students.
  const bank: AdaptiveBank = {
    items: [
      item("best", 0, seen(30)),
      item("second", 0.1, seen(25)),
      item("third", 0.2, seen(24)),
      ...Array.from({ length: 17 }, (_, index) => item(`other-${index}`, 1 + index * 0.1, seen(0))),
    ],
  };

  it("passes over items at or above the cap and takes the most informative item under it", () => {
    expect(choose(bank, { testLength: 2 })?.id).toBe("best");
    expect(choose(bank, { testLength: 2, maxExposureRate: 0.25 })?.id).toBe("third");
    expect(choose(bank, { testLength: 2, maxExposureRate: null })?.id).toBe("best");
  });

  it("ignores a rate resting on too few sessions", () => {
    const young: AdaptiveBank = { items: [item("new", 0, seen(10, 10)), item("worn", 0.1, seen(50))] };
    expect(choose(young, { testLength: 1, maxExposureRate: 0.25 })?.id).toBe("new");
  });

  it("relaxes the cap to what a small pool allows", () => {
    // Ten of twenty items per session: each is seen by half the students, so a 0.25 cap becomes 0.5.
    expect(choose(bank, { testLength: 10, maxExposureRate: 0.25 })?.id).toBe("best");
    expect(choose(bank, { testLength: 5, maxExposureRate: 0.25 })?.id).toBe("third");
  });

  it("falls back to the unrestricted choice when the cap leaves nothing", () => {
    const worn: AdaptiveBank = { items: bank.items.map((candidate) => ({ ...candidate, exposure: { offered: 100, served: 90 } })) };
    expect(choose(worn, { testLength: 2, maxExposureRate: 0.25 })?.id).toBe("best");
    expect(choose(worn, { testLength: 2, maxExposureRate: 0.25, administeredIds: ["best"] })?.id).toBe("second");
  });

  it("keeps content balance first: the cap and its fallback apply within the competency that is due", () => {
    const algebra = (id: string, b: number, served: number) => item(id, b, { competencyId: "algebra", ...seen(served) });
    const geometry = (id: string, b: number) => item(id, b, { competencyId: "geometry", ...seen(0) });
    // Algebra has the larger share of the pool, so it is due first.
    const spares = Array.from({ length: 10 }, (_, index) => algebra(`algebra-spare-${index}`, 3, 90));
    const withFresh: AdaptiveBank = { items: [algebra("algebra-worn", 0, 80), algebra("algebra-fresh", 1.5, 0), ...spares, geometry("geometry-fresh", 0.05)] };
    expect(choose(withFresh, { testLength: 2, maxExposureRate: 0.25 })?.id).toBe("algebra-fresh");
    const allWorn: AdaptiveBank = { items: [algebra("algebra-worn", 0, 80), ...spares, geometry("geometry-fresh", 0.05)] };
    expect(choose(allWorn, { testLength: 2, maxExposureRate: 0.25 })?.id).toBe("algebra-worn");
  });
});
