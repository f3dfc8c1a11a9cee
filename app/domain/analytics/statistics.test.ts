import { describe, expect, it } from "vitest";

import { mean, median, percentile, pointBiserial, standardDeviation } from "./statistics";

describe("descriptive statistics", () => {
  it("are null for an empty class", () => {
    expect([mean([]), median([]), percentile([], 0.25), standardDeviation([])]).toEqual([null, null, null, null]);
  });

  it("handle one student", () => {
    expect([mean([72]), median([72]), percentile([72], 0.25), standardDeviation([72])]).toEqual([72, 72, 72, 0]);
  });

  it("interpolate percentiles between order statistics (PERCENTILE.INC)", () => {
    const scores = [40, 10, 30, 20];
    expect(median(scores)).toBe(25);
    expect(percentile(scores, 0.25)).toBeCloseTo(17.5, 10);
    expect(percentile(scores, 0)).toBe(10);
    expect(percentile(scores, 1)).toBe(40);
  });

  it("give a population standard deviation, 0 when all scores are equal", () => {
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
    expect(standardDeviation([60, 60, 60])).toBe(0);
  });
});

describe("pointBiserial", () => {
  it("is high when only the stronger students get the question right", () => {
    const pairs = [
      { correct: true, total: 90 },
      { correct: true, total: 80 },
      { correct: false, total: 40 },
      { correct: false, total: 30 },
    ];
    // Hand-worked: means 85 and 35, population SD of totals 25.5, p = 0.5 → (50 / 25.495) × 0.5.
    expect(pointBiserial(pairs)).toBeCloseTo(50 / Math.sqrt(650) / 2, 10);
  });

  it("is negative when weaker students do better, and null when undefined", () => {
    expect(
      pointBiserial([
        { correct: false, total: 90 },
        { correct: true, total: 30 },
      ]),
    ).toBeLessThan(0);
    expect(
      pointBiserial([
        { correct: true, total: 90 },
        { correct: true, total: 30 },
      ]),
    ).toBeNull();
    expect(
      pointBiserial([
        { correct: true, total: 50 },
        { correct: false, total: 50 },
      ]),
    ).toBeNull();
  });

  it("treats equal totals that are not exact in binary as no spread", () => {
    expect(pointBiserial([0.1, 0.1, 0.1].map((total, index) => ({ correct: index > 0, total: total * 3 + 33.3 })))).toBeNull();
  });
});
