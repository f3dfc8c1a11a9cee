import { describe, expect, it } from "vitest";

import { LOCAL_NORM_MINIMUM, localPercentile, type NormEntry } from "./class-growth";
import { normPoints } from "./growth-norms";

/** A small deterministic generator, so a failure names the same entries on every run. */
function entriesFrom(seed: number, count: number): NormEntry[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  // Scores to a tenth, as the scale gives them: many starts exactly 5 points apart, and ties.
  return Array.from({ length: count }, () => ({ start: Math.round((180 + next() * 40) * 10) / 10, growth: Math.round((next() * 30 - 10) * 2) / 2 }));
}

describe("the stored growth norms", () => {
  it("give every distinct point the percentile and band the whole-district computation gives it", () => {
    for (const [seed, count] of [
      [1, 40],
      [7, 400],
      [42, 3000],
    ] as const) {
      const entries = entriesFrom(seed, count);
      const points = normPoints(entries);
      expect(points.length).toBe(new Set(entries.map((entry) => `${entry.start}|${entry.growth}`)).size);
      for (const point of points) expect({ seed, ...point }).toEqual({ seed, ...point, ...localPercentile(entries, point.start, point.growth) });
    }
  });

  it("count a start exactly the band away as inside it, as the class view always has", () => {
    const entries = [
      ...Array.from({ length: LOCAL_NORM_MINIMUM - 1 }, (_, index) => ({ start: 198.7, growth: index })),
      { start: 203.7, growth: 4 },
      { start: 203.8, growth: 4 },
    ];
    const atEdge = normPoints(entries).find((point) => point.start === 203.7)!;
    expect(atEdge).toEqual({ start: 203.7, growth: 4, ...localPercentile(entries, 203.7, 4) });
    expect(atEdge.bandSize).toBe(LOCAL_NORM_MINIMUM + 1);
  });

  it("are none for no entries", () => {
    expect(normPoints([])).toEqual([]);
  });
});
