import { describe, expect, it } from "vitest";

import { SCALE_BIN_WIDTH, SCALE_MIDDLE, SCALE_SCORE_RANGE, scaleScoreOf, scaleScoreOfTheta, scaleSeOfThetaSe, thetaOfScale } from "./scale";

describe("the published scale", () => {
  it("puts θ on the 200 + 10θ scale with its SE", () => {
    expect(scaleScoreOf({ theta: -1.25, se: 0.3 })).toEqual({ score: 187.5, se: 3 });
  });

  it("shows a stored θ to a tenth of a point, and nothing before results", () => {
    expect(scaleScoreOfTheta(0.34567)).toBe(203.5);
    expect(scaleSeOfThetaSe(0.28888)).toBe(2.9);
    expect(scaleScoreOfTheta(null)).toBeNull();
    expect(scaleSeOfThetaSe(null)).toBeNull();
  });

  it("reads a θ back from a scale score stored before θ was, giving the same score", () => {
    for (const stored of [160, 187.5, 203.4, 239.9]) expect(scaleScoreOfTheta(thetaOfScale(stored))).toBe(stored);
  });

  it("spans the engine's grid, binned by half a logit", () => {
    expect(SCALE_SCORE_RANGE).toEqual({ from: 160, to: 240 });
    expect(SCALE_BIN_WIDTH).toBe(5);
    expect(SCALE_MIDDLE).toEqual({ low: 180, high: 220, step: 10 });
  });
});
