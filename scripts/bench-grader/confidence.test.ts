import { describe, expect, it } from "vitest";

import { LOW_CONFIDENCE } from "../../app/domain/ai/confidence";
import { gradeConfidence } from "../../app/domain/ai/offline-grader/confidence";
import { NO_FEATURES } from "../../app/domain/ai/offline-grader/features";
import { fitConfidenceWeights, type GradedSet } from "./confidence";
import type { Analysed } from "./holdout";

const evidence = { disqualifiers: [], bestIsGroup: false };

/** `count` grades at `score`, of which `agreeing` agree with the human label. */
function grades(score: number, count: number, agreeing: number): { rows: Analysed[]; scores: number[] } {
  const passed = score >= 70;
  const rows = Array.from({ length: count }, (_, index): Analysed => {
    const humanScore = index < agreeing === passed ? 1 : 0;
    const row = { question: "q", referenceAnswer: "r", studentAnswer: "a", humanScore };
    return { row, question: "q", features: NO_FEATURES, evidence, disqualifiers: [], graded: true };
  });
  return { rows, scores: rows.map(() => score) };
}

function set(parts: ReturnType<typeof grades>[], setsReviewLine: boolean): GradedSet {
  return { rows: parts.flatMap((part) => part.rows), scores: parts.flatMap((part) => part.scores), setsReviewLine };
}

describe("fitConfidenceWeights", () => {
  it("puts the review line where the sure grades of each real set are at most 9 % wrong", () => {
    // Clear passes 96 % right, plain fails 90 %, passes near the line 75 %: only the first two may go unflagged.
    const real = set([grades(95, 100, 96), grades(20, 100, 90), grades(78, 100, 75)], true);
    const weights = fitConfidenceWeights([real]);
    expect(gradeConfidence(95, evidence, weights)).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
    expect(gradeConfidence(20, evidence, weights)).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
    expect(gradeConfidence(78, evidence, weights)).toBeLessThan(LOW_CONFIDENCE);
  });

  it("sets the line on the real sets only, and on the strictest of them", () => {
    const lenient = set([grades(95, 100, 96), grades(20, 100, 90)], true);
    const strict = set([grades(95, 100, 96), grades(20, 100, 80)], true);
    const regressionOnly = set([grades(95, 100, 85), grades(20, 100, 60)], false);
    const weights = fitConfidenceWeights([lenient, strict, regressionOnly]);
    expect(gradeConfidence(95, evidence, weights)).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
    expect(gradeConfidence(20, evidence, weights)).toBeLessThan(LOW_CONFIDENCE);
  });
});
