import { describe, expect, it } from "vitest";

import { modeQuestionCounts } from "./mode-lengths";

const questions = (competencies: (string | null)[], each: number) =>
  competencies.flatMap((competencyId) => Array.from({ length: each }, (_, index) => ({ id: `${competencyId}-${index}`, competencyId })));

describe("modeQuestionCounts", () => {
  it("says how many questions each mode asks: a diagnostic never fewer than a placement", () => {
    // The demo test's shape: 40 questions over 4 competencies.
    expect(modeQuestionCounts(questions(["a", "b", "c", "d"], 10))).toEqual({ placement: "5 to 20 questions", diagnostic: "20 questions" });
    // Twelve competencies need 36 questions to cover.
    expect(modeQuestionCounts(questions(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"], 3))).toEqual({
      placement: "5 to 20 questions",
      diagnostic: "20 to 36 questions",
    });
  });

  it("runs a test without competencies, or a short one, the same way in both modes", () => {
    expect(modeQuestionCounts(questions([null], 8))).toEqual({ placement: "5 to 8 questions", diagnostic: "5 to 8 questions" });
    expect(modeQuestionCounts(questions(["a"], 3))).toEqual({ placement: "3 questions", diagnostic: "3 questions" });
  });
});
