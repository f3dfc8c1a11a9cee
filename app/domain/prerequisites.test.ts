import { describe, expect, it } from "vitest";

import { isDuplicate, wouldCreateCycle } from "./prerequisites";

const edges = [
  { competencyId: "B", prerequisiteId: "A" }, // B needs A
  { competencyId: "C", prerequisiteId: "B" }, // C needs B
  { competencyId: "D", prerequisiteId: "A" },
];

describe("wouldCreateCycle", () => {
  it("finds a direct loop (A needs B when B needs A)", () => expect(wouldCreateCycle(edges, "A", "B")).toBe(true));
  it("finds a loop through several steps (A needs C when C needs B needs A)", () => expect(wouldCreateCycle(edges, "A", "C")).toBe(true));
  it("allows a diamond, which is no loop (C needs D, both need A)", () => expect(wouldCreateCycle(edges, "C", "D")).toBe(false));
  it("allows a new competency", () => expect(wouldCreateCycle(edges, "E", "C")).toBe(false));
});

describe("isDuplicate", () => {
  it("matches the same pair only, in the same direction", () => {
    expect(isDuplicate(edges, "B", "A")).toBe(true);
    expect(isDuplicate(edges, "A", "B")).toBe(false);
  });
});
