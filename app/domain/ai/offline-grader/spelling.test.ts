import { describe, expect, it } from "vitest";

import { boundedEditDistance, sameWordAllowingTypos } from "./spelling";

describe("boundedEditDistance", () => {
  it("counts insertions, deletions and substitutions", () => {
    expect(boundedEditDistance("kitten", "sitting", 5)).toBe(3);
    expect(boundedEditDistance("fraction", "fraction", 2)).toBe(0);
  });

  it("stops early once the limit is passed", () => {
    expect(boundedEditDistance("photosynthesis", "respiration", 2)).toBe(3);
    expect(boundedEditDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("sameWordAllowingTypos", () => {
  it("forgives a typo in a longer word and two in a long one", () => {
    expect(sameWordAllowingTypos("evaperate", "evaporate")).toBe(true);
    expect(sameWordAllowingTypos("photosynthisus", "photosynthesis")).toBe(true);
  });

  it("does not confuse short words that differ by one letter", () => {
    expect(sameWordAllowingTypos("heat", "heal")).toBe(false);
    expect(sameWordAllowingTypos("salt", "malt")).toBe(false);
  });
});
