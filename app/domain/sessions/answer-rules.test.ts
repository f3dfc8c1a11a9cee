import { describe, expect, it } from "vitest";

import { translate } from "~/domain/i18n/catalog";

import { gradeOutOf100, isCorrectScore, scoreLabel, studentGrade, studentGradeOutOf100 } from "./answer-rules";

describe("the feedback screen's words", () => {
  it("says Excellent! from 80, Good effort from 50, else Keep learning; correct from 70", () => {
    expect([100, 80, 79, 50, 49, 0].map((score) => translate("en", "feedback", scoreLabel(score)))).toEqual([
      "Excellent!",
      "Excellent!",
      "Good effort",
      "Good effort",
      "Keep learning",
      "Keep learning",
    ]);
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
