import { describe, expect, it } from "vitest";

import { gradingFeedback, keyPointCoverage } from "./feedback";

const question = "What does a plant need for photosynthesis?";
const keyPoints = ["Sunlight as the energy source", "Carbon dioxide from the air", "Water from the roots"];

describe("keyPointCoverage", () => {
  it("marks the key points an answer states, ignoring words taken from the question", () => {
    const coverage = keyPointCoverage(keyPoints, question, "It needs sunlight energy and water taken up by the roots.");
    expect(coverage.map((point) => point.covered)).toEqual([true, false, true]);
  });

  it("flags a key point the answer negates", () => {
    const [sunlight] = keyPointCoverage(keyPoints, question, "A plant does not need sunlight or energy.");
    expect(sunlight).toMatchObject({ covered: false, contradicted: true });
  });
});

describe("gradingFeedback", () => {
  it("says it is an automatic check and lists covered and missing key points", () => {
    const result = gradingFeedback(80, keyPointCoverage(keyPoints, question, "sunlight energy and water from roots"), 0.5);
    expect(result.feedback).toMatch(/^Automatic check \(no AI model configured\)/);
    expect(result.feedback).toContain("2 of 3 key points");
    expect(result.strengths).toEqual(["Covers: Sunlight as the energy source", "Covers: Water from the roots"]);
    expect(result.improvements).toEqual(["Missing: Carbon dioxide from the air"]);
    expect(result.keyPoints).toEqual(keyPoints);
  });

  it("puts contradicted points first among the improvements", () => {
    const result = gradingFeedback(20, keyPointCoverage(keyPoints, question, "no sunlight energy is needed"), 0.5);
    expect(result.improvements[0]).toBe("Seems to contradict: Sunlight as the energy source");
  });
});
