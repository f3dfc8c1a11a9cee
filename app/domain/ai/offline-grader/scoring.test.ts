import { describe, expect, it } from "vitest";

import type { AnswerFeatures } from "./features";
import { scoreFromFeatures, SCORING_WEIGHTS } from "./scoring";

const features = (overrides: Partial<AnswerFeatures>): AnswerFeatures => ({
  newTermCoverage: 0,
  questionTermCoverage: 0,
  overallCoverage: 0,
  phraseCoverage: 0,
  precision: 0,
  letterOverlap: 0,
  questionEcho: 0,
  logLength: Math.log1p(8),
  ...overrides,
});

describe("scoreFromFeatures", () => {
  it("rises with coverage of the reference", () => {
    const half = scoreFromFeatures(features({ newTermCoverage: 0.5, overallCoverage: 0.5, precision: 0.5, letterOverlap: 0.5 }));
    const full = scoreFromFeatures(features({ newTermCoverage: 1, overallCoverage: 1, precision: 1, letterOverlap: 1, phraseCoverage: 1 }));
    expect(full).toBeGreaterThan(half);
    expect(full).toBeGreaterThanOrEqual(70);
    expect(full).toBeLessThanOrEqual(100);
  });

  it("caps an answer that shares no term with the reference", () => {
    expect(scoreFromFeatures(features({ letterOverlap: 0.2, questionEcho: 1 }))).toBeLessThanOrEqual(10);
  });

  it("weights every feature the model measures", () => {
    expect(Object.keys(SCORING_WEIGHTS).sort()).toEqual(["bias", ...Object.keys(features({}))].sort());
  });
});
