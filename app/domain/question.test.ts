import { describe, expect, it } from "vitest";

import { parseRubricText, QUESTION_FORM_DEFAULTS, questionCompetenciesSchema, questionSchema } from "./question";

describe("parseRubricText (the rubric field, parsed on blur)", () => {
  it("clears on empty, keeps plain text, parses a JSON object, and refuses broken JSON", () => {
    expect(parseRubricText("  ")).toEqual({ ok: true, value: null });
    expect(parseRubricText("Full marks for 14")).toEqual({ ok: true, value: "Full marks for 14" });
    expect(parseRubricText('{"full": 2}')).toEqual({ ok: true, value: { full: 2 } });
    expect(parseRubricText("{bad")).toEqual({ ok: false, message: "Invalid JSON format" });
    expect(parseRubricText("[1, 2]")).toEqual({ ok: false, message: "Invalid JSON format" });
  });
});

describe("questionSchema", () => {
  it("needs text, and open questions need no options", () => {
    expect(questionSchema.safeParse({ text: " ", type: "free_response" }).error?.issues[0]?.message).toBe("Question text is required");
    expect(questionSchema.safeParse({ text: "Why?", type: "free_response" }).success).toBe(true);
  });
  it("blank time limit means none; an empty rubric string clears it", () => {
    const parsed = questionSchema.parse({ text: "Why?", type: "scenario", timeLimit: "", rubric: "" });
    expect(parsed.timeLimit).toBeNull();
    expect(parsed.rubric).toBeNull();
  });
});

describe("question form competencies", () => {
  it("needs at least one, and the primary defaults to the first", () => {
    expect(questionCompetenciesSchema.safeParse({ competencies: [] }).error?.issues[0]?.message).toBe("At least one competency is required");
    expect(questionCompetenciesSchema.parse({ competencies: ["a", "b", "a"] })).toEqual({ competencies: ["a", "b"], primaryCompetency: "a" });
    expect(questionCompetenciesSchema.parse({ competencies: ["a", "b"], primaryCompetency: "b" }).primaryCompetency).toBe("b");
  });
  it("resets to SPEC.md's defaults: multiple choice, medium, one empty option, no competencies", () => {
    expect(QUESTION_FORM_DEFAULTS).toEqual({
      text: "",
      type: "multiple_choice",
      difficulty: "medium",
      options: [{ text: "", isCorrect: false, score: 0 }],
      competencies: [],
    });
  });
});
