import { describe, expect, it } from "vitest";

import { answerScore, calibratedDifficulties, MIN_CALIBRATION_ANSWERS } from "./calibrated-difficulty";
import type { AnalyticsSession } from "./class-analytics";

describe("answerScore", () => {
  it("is the share of the points, kept in [0, 1], and right/wrong when a question has no points", () => {
    expect(answerScore({ pointsEarned: 1.5, maxPoints: 3, wasCorrect: false })).toBe(0.5);
    expect(answerScore({ pointsEarned: 4, maxPoints: 3, wasCorrect: true })).toBe(1);
    expect(answerScore({ pointsEarned: -1, maxPoints: 3, wasCorrect: false })).toBe(0);
    expect(answerScore({ pointsEarned: 0, maxPoints: 0, wasCorrect: true })).toBe(1);
    expect(answerScore({ pointsEarned: 0, maxPoints: 0, wasCorrect: false })).toBe(0);
  });
});

describe("calibratedDifficulties", () => {
  const session = (index: number, right: boolean, difficulty = "medium"): AnalyticsSession => ({
    sessionId: `s${index}`,
    studentId: `p${index}`,
    completed: true,
    totalScore: right ? 100 : 0,
    startTime: 0,
    endTime: 1,
    competenciesStatus: {},
    moduleRecommendations: {},
    answers: [{ questionId: "q", questionText: "", questionType: "multiple_choice", difficulty, pointsEarned: right ? 1 : 0, maxPoints: 1, wasCorrect: right }],
  });

  it("is empty for a class with no answers", () => {
    expect(calibratedDifficulties([])).toEqual(new Map());
  });

  it(`gives a figure from ${MIN_CALIBRATION_ANSWERS} answers, not before`, () => {
    const four = Array.from({ length: MIN_CALIBRATION_ANSWERS - 1 }, (_, index) => session(index, index % 2 === 0));
    expect(calibratedDifficulties(four).get("q")).toBeNull();
    expect(calibratedDifficulties([...four, session(9, false)]).get("q")).toEqual(expect.any(Number));
  });

  it("moves a medium item that most students miss above 0, and reads an unknown label as medium", () => {
    const missed = Array.from({ length: 20 }, (_, index) => session(index, index < 3));
    expect(calibratedDifficulties(missed).get("q")).toBeGreaterThan(0.5);
    const unknownLabel = Array.from({ length: 20 }, (_, index) => session(index, index < 3, "legendary"));
    expect(calibratedDifficulties(unknownLabel).get("q")).toBe(calibratedDifficulties(missed).get("q"));
  });
});
