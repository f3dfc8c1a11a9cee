import { describe, expect, it } from "vitest";

import { agreement } from "./agreement";

const verdicts = (pattern: string) => [...pattern].map((mark) => mark === "1");

describe("agreement", () => {
  it("matches a hand-worked confusion table", () => {
    // TP 3, FP 1, FN 2, TN 4 (n = 10): accuracy 0.7; F1 correct 6/9, F1 incorrect 8/11;
    // chance = 0.4 × 0.5 + 0.6 × 0.5 = 0.5, so kappa = (0.7 − 0.5) / 0.5 = 0.4.
    const predicted = verdicts("1111000000");
    const actual = verdicts("1110110000");
    const result = agreement(predicted, actual);
    expect(result.n).toBe(10);
    expect(result.accuracy).toBeCloseTo(0.7, 10);
    expect(result.macroF1).toBeCloseTo((6 / 9 + 8 / 11) / 2, 10);
    expect(result.kappa).toBeCloseTo(0.4, 10);
  });

  it("gives 1 everywhere for perfect agreement and kappa 0 for a constant guess", () => {
    expect(agreement(verdicts("1010"), verdicts("1010"))).toEqual({ accuracy: 1, macroF1: 1, kappa: 1, n: 4 });
    const constant = agreement(verdicts("0000"), verdicts("1000"));
    expect(constant.accuracy).toBe(0.75);
    expect(constant.kappa).toBe(0);
    expect(constant.macroF1).toBeCloseTo((0 + 6 / 7) / 2, 10);
  });

  it("is negative when the grader systematically disagrees", () => {
    expect(agreement(verdicts("1100"), verdicts("0011")).kappa).toBe(-1);
  });

  it("refuses lists of different lengths or no verdicts", () => {
    expect(() => agreement(verdicts("10"), verdicts("1"))).toThrow(/2 predictions for 1 labels/);
    expect(() => agreement([], [])).toThrow(/no verdicts/);
  });
});
