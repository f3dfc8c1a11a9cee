import { describe, expect, it } from "vitest";

import { confidencePercent, isLowConfidence, LOW_CONFIDENCE, LOW_CONFIDENCE_REASON, offlineConfidenceIn, reviewWithConfidence } from "./confidence";

const clean = { flagged: false, reasons: [] };

describe("reviewWithConfidence", () => {
  it("flags a grade below the threshold with the low_confidence reason", () => {
    expect(reviewWithConfidence(clean, 0.42)).toEqual({ flagged: true, reasons: [LOW_CONFIDENCE_REASON] });
    expect(reviewWithConfidence(clean, 0)).toEqual({ flagged: true, reasons: ["low_confidence"] });
  });

  it("leaves a confident grade as the injection screen left it, the threshold itself included", () => {
    expect(reviewWithConfidence(clean, LOW_CONFIDENCE)).toEqual(clean);
    expect(reviewWithConfidence(clean, 0.95)).toEqual(clean);
    const screened = { flagged: true, reasons: ["score_demand"] };
    expect(reviewWithConfidence(screened, 0.9)).toEqual(screened);
  });

  it("adds its reason after the injection screen's, once", () => {
    expect(reviewWithConfidence({ flagged: true, reasons: ["score_demand"] }, 0.3)).toEqual({ flagged: true, reasons: ["score_demand", "low_confidence"] });
    expect(reviewWithConfidence({ flagged: true, reasons: ["low_confidence"] }, 0.3)).toEqual({ flagged: true, reasons: ["low_confidence"] });
  });

  it("adds nothing without a confidence (a failed grading call)", () => {
    expect(reviewWithConfidence(clean, null)).toEqual(clean);
  });
});

describe("isLowConfidence and confidencePercent", () => {
  it("are strict at 0.6 and round to whole percents", () => {
    expect([0.59, 0.6, 0.61].map(isLowConfidence)).toEqual([true, false, false]);
    expect([0.424, 0.426, 1, 0].map(confidencePercent)).toEqual(["42%", "43%", "100%", "0%"]);
  });
});

describe("offlineConfidenceIn", () => {
  it("keeps the offline grader's confidence in English, and caps it under LOW_CONFIDENCE in another language (ADR 0044)", () => {
    expect(offlineConfidenceIn("en", 0.9)).toBe(0.9);
    expect(offlineConfidenceIn(undefined, 0.9)).toBe(0.9);
    expect(isLowConfidence(offlineConfidenceIn("es", 0.95))).toBe(true);
    expect(offlineConfidenceIn("es", 0.1)).toBe(0.1);
  });
});
