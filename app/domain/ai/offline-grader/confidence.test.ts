import { describe, expect, it } from "vitest";

import { LOW_CONFIDENCE } from "../confidence";
import { agreementEstimate, gradeConfidence } from "./confidence";
import type { AnswerEvidence } from "./features";

/** An answer with no disqualifier, its best target a single point. */
const evidence: AnswerEvidence = { disqualifiers: [], bestIsGroup: false };

describe("gradeConfidence", () => {
  it("flags a pass near the line: on real teachers' rubrics such grades are too often wrong to go unchecked", () => {
    expect(gradeConfidence(75, evidence)).toBeLessThan(LOW_CONFIDENCE);
    expect(gradeConfidence(65, evidence)).toBeLessThan(LOW_CONFIDENCE);
  });

  it("is sure of a plain fail and of a clear pass", () => {
    expect(gradeConfidence(5, evidence)).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
    expect(gradeConfidence(98, evidence)).toBeGreaterThanOrEqual(LOW_CONFIDENCE);
  });

  it("grows with the distance from the pass mark on either side", () => {
    const passes = [70, 80, 90, 99].map((score) => gradeConfidence(score, evidence));
    const fails = [69, 50, 30, 1].map((score) => gradeConfidence(score, evidence));
    for (const side of [passes, fails]) side.slice(1).forEach((confidence, index) => expect(confidence).toBeGreaterThanOrEqual(side[index]!));
  });

  it("sits below its estimate of agreement, so that the review line falls where sure grades are rarely wrong", () => {
    for (const score of [10, 60, 75, 95]) expect(gradeConfidence(score, evidence)).toBeLessThan(agreementEstimate(score));
  });
});
