import { describe, expect, it } from "vitest";

import {
  ANSWER_REQUIRED,
  gradeOutOf100,
  INTERACTION_REQUIRED,
  isCorrectScore,
  missingAnswer,
  RESPONSE_REQUIRED,
  scoreLabel,
  SELECTION_REQUIRED,
  SELECTIONS_REQUIRED,
  studentGrade,
  studentGradeOutOf100,
} from "./answer-rules";

describe("missingAnswer", () => {
  it("names each type's message when nothing is given, and nothing once it is", () => {
    expect(missingAnswer("multiple_choice", [], 0)).toBe(SELECTION_REQUIRED);
    expect(missingAnswer("multiple_select", [], 0)).toBe(SELECTIONS_REQUIRED);
    expect(missingAnswer("free_response", ["   "], 0)).toBe(ANSWER_REQUIRED);
    expect(missingAnswer("scenario", [""], 0)).toBe(RESPONSE_REQUIRED);
    expect(missingAnswer("chat", [], 0)).toBe(INTERACTION_REQUIRED);
    expect(missingAnswer("multiple_select", ["2/4"], 0)).toBeNull();
    expect(missingAnswer("free_response", ["x = 14"], 0)).toBeNull();
    expect(missingAnswer("chat", [], 1)).toBeNull();
  });
});

describe("the feedback screen's words", () => {
  it("says Excellent! from 80, Good effort from 50, else Keep learning; correct from 70", () => {
    expect([100, 80, 79, 50, 49, 0].map(scoreLabel)).toEqual(["Excellent!", "Excellent!", "Good effort", "Good effort", "Keep learning", "Keep learning"]);
    expect([70, 69.9].map(isCorrectScore)).toEqual([true, false]);
  });
});

describe("one answer's grade as the student is told it", () => {
  const stored = { gradingScore: 62, wasCorrect: false, feedback: "Name the process.", grading: "teacher" as const };

  it("tells a teacher's grade as final, and a grade still coming from the model as provisional", () => {
    expect(studentGrade(stored)).toEqual({ score: 62, wasCorrect: false, feedback: "Name the process.", grading: "final" });
    expect(studentGrade({ ...stored, grading: "provisional" }).grading).toBe("provisional");
  });

  it("scores out of 100: an open answer's own score, a choice question's 100 or 0", () => {
    expect(gradeOutOf100({ score: 62, wasCorrect: false })).toBe(62);
    expect(gradeOutOf100({ score: null, wasCorrect: true })).toBe(100);
    expect(gradeOutOf100({ score: null, wasCorrect: false })).toBe(0);
    expect(studentGradeOutOf100(studentGrade({ ...stored, gradingScore: null, wasCorrect: true })).score).toBe(100);
  });
});
