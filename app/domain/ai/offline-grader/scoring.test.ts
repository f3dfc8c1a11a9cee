import { describe, expect, it } from "vitest";

import { type AnswerFeatures, NO_FEATURES } from "./features";
import { scoreFromFeatures, SCORING_WEIGHTS } from "./scoring";

/** An eight-word answer against a one-sentence rubric, sharing nothing unless the test says so. */
const features = (overrides: Partial<AnswerFeatures>): AnswerFeatures => ({
  ...NO_FEATURES,
  logLength: Math.log1p(8),
  lengthRatio: 1,
  logTargets: Math.log1p(1),
  ...overrides,
});

describe("scoreFromFeatures", () => {
  it("rises with coverage of the reference", () => {
    const half = scoreFromFeatures(features({ coverage: 0.5, ownCoverage: 0.5, unionCoverage: 0.5, precision: 0.5, letterOverlap: 0.5 }));
    const full = scoreFromFeatures(
      features({ coverage: 1, ownCoverage: 1, unionCoverage: 1, precision: 1, letterOverlap: 1, phraseCoverage: 1, sentenceCoverage: 1 }),
    );
    expect(full).toBeGreaterThan(half);
    expect(full).toBeGreaterThanOrEqual(70);
    expect(full).toBeLessThanOrEqual(100);
  });

  it("caps an answer that shares no term with the reference", () => {
    expect(scoreFromFeatures(features({ letterOverlap: 0.2, questionEcho: 1 }))).toBeLessThanOrEqual(10);
  });

  it("keeps a disqualified answer below the pass mark whatever its overlap", () => {
    const full = features({ coverage: 1, ownCoverage: 1, unionCoverage: 1, precision: 1, letterOverlap: 1, phraseCoverage: 1 });
    expect(scoreFromFeatures(full, ["keyword_list"])).toBeLessThan(70);
  });

  it("weights every feature the model measures", () => {
    expect(Object.keys(SCORING_WEIGHTS).sort()).toEqual(["bias", ...Object.keys(features({}))].sort());
  });
});
