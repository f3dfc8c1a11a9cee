import { describe, expect, it } from "vitest";

import { isLastPart, partCount, partRange, progressAfterPart, splitIntoParts } from "./job-parts";

describe("a job in parts", () => {
  const plan = { total: 32, size: 4 };

  it("splits its units into runs of the part size, the last one shorter when they do not divide", () => {
    expect(partCount(plan)).toBe(8);
    expect(partRange(plan, 0)).toEqual({ start: 0, end: 4 });
    expect(partRange(plan, 7)).toEqual({ start: 28, end: 32 });
    expect(partCount({ total: 10, size: 4 })).toBe(3);
    expect(partRange({ total: 10, size: 4 }, 2)).toEqual({ start: 8, end: 10 });
    // A part past the end runs nothing rather than reaching past the units.
    expect(partRange(plan, 9)).toEqual({ start: 32, end: 32 });
  });

  it("knows its last part, and an empty job's first part is its last", () => {
    expect(isLastPart(plan, 6)).toBe(false);
    expect(isLastPart(plan, 7)).toBe(true);
    expect(isLastPart({ total: 0, size: 4 }, 0)).toBe(true);
  });

  it("reports progress as a value, so a part delivered twice reports the same figure", () => {
    expect(progressAfterPart(plan, 0)).toEqual({ done: 4, total: 32 });
    expect(progressAfterPart(plan, 0)).toEqual(progressAfterPart(plan, 0));
    expect(progressAfterPart(plan, 7)).toEqual({ done: 32, total: 32 });
  });

  it("splits a list into the parts the plan runs, in order, the last one shorter", () => {
    const units = Array.from({ length: 10 }, (_, index) => index);
    expect(splitIntoParts(units, 4)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    expect(splitIntoParts([], 4)).toEqual([]);
  });
});
