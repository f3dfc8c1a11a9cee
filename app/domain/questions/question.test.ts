import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";

import { fieldErrors } from "~/lib/form-errors";

import { parseRubricText, QUESTION_FORM_DEFAULTS, questionCompetenciesSchema, questionSchema } from "./question";
import { QUESTION_TYPES } from "./question-types";

/** The messages a form shows for an input the schema refuses. */
function errorsOf(schema: ZodTypeAny, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  return fieldErrors(result.error);
}

const option = (text: string, isCorrect = false) => ({ text, isCorrect });
const choice = {
  text: "<p>2 + 2?</p>",
  type: "multiple_choice",
  options: [option("4", true), option("5")],
};
const freeResponse = { text: "Explain photosynthesis.", type: "free_response" };

describe("questionSchema: text, type and difficulty", () => {
  it("requires the question text, word for word", () => {
    expect(errorsOf(questionSchema, { ...freeResponse, text: "" })).toEqual({ text: "Question text is required" });
    expect(errorsOf(questionSchema, { ...freeResponse, text: "   " })).toEqual({ text: "Question text is required" });
    expect(errorsOf(questionSchema, { type: "free_response" })).toEqual({ text: "Question text is required" });
  });

  it.each(QUESTION_TYPES.filter((type) => type !== "multiple_choice" && type !== "multiple_select"))("accepts the %s type without options", (type) => {
    const parsed = questionSchema.parse({ ...freeResponse, type });
    expect(parsed.type).toBe(type);
    expect(parsed.options).toEqual([]);
  });

  it("refuses a type outside the five", () => {
    expect(errorsOf(questionSchema, { ...freeResponse, type: "essay" })).toEqual({
      type: "Type must be one of multiple_choice, multiple_select, free_response, scenario, chat",
    });
  });

  it("accepts easy, medium and hard, defaulting to medium", () => {
    expect(questionSchema.parse(freeResponse).difficulty).toBe("medium");
    for (const difficulty of ["easy", "medium", "hard"]) {
      expect(questionSchema.parse({ ...freeResponse, difficulty }).difficulty).toBe(difficulty);
    }
  });

  it("refuses another difficulty", () => {
    expect(errorsOf(questionSchema, { ...freeResponse, difficulty: "expert" })).toEqual({
      difficulty: "Difficulty must be easy, medium or hard",
    });
  });
});

describe("questionSchema: options of choice questions", () => {
  it("accepts a multiple choice question with one correct option", () => {
    const parsed = questionSchema.parse(choice);
    expect(parsed.options).toEqual([
      { text: "4", isCorrect: true, score: 0 },
      { text: "5", isCorrect: false, score: 0 },
    ]);
  });

  it("accepts a multiple select question with several correct options", () => {
    const parsed = questionSchema.parse({
      ...choice,
      type: "multiple_select",
      options: [option("2", true), option("3", true), option("4")],
    });
    expect(parsed.options.filter((item) => item.isCorrect)).toHaveLength(2);
  });

  it.each(["multiple_choice", "multiple_select"])("needs at least two options for %s", (type) => {
    expect(errorsOf(questionSchema, { ...choice, type, options: [option("4", true)] })).toEqual({ options: "Add at least two options" });
    expect(errorsOf(questionSchema, { ...choice, type, options: [] })).toEqual({ options: "Add at least two options" });
    expect(errorsOf(questionSchema, { text: "Pick", type })).toEqual({ options: "Add at least two options" });
  });

  it("needs different option texts", () => {
    expect(errorsOf(questionSchema, { ...choice, options: [option("4", true), option("4")] })).toEqual({
      options: "Options must have different texts",
    });
  });

  it("compares option texts after trimming", () => {
    expect(errorsOf(questionSchema, { ...choice, options: [option("4", true), option(" 4 ")] })).toEqual({
      options: "Options must have different texts",
    });
  });

  it("needs at least one correct option", () => {
    expect(errorsOf(questionSchema, { ...choice, options: [option("4"), option("5")] })).toEqual({
      options: "Mark at least one option as correct",
    });
    expect(errorsOf(questionSchema, { ...choice, type: "multiple_select", options: [option("4"), option("5")] })).toEqual({
      options: "Mark at least one option as correct",
    });
  });

  it("allows exactly one correct option for multiple choice", () => {
    expect(errorsOf(questionSchema, { ...choice, options: [option("4", true), option("four", true)] })).toEqual({
      options: "A multiple choice question has exactly one correct option",
    });
  });

  it("refuses a blank option text", () => {
    expect(errorsOf(questionSchema, { ...choice, options: [option("4", true), option("  ")] })).toEqual({
      "options.1.text": "Option text is required",
    });
  });

  it("refuses a negative option score", () => {
    expect(errorsOf(questionSchema, { ...choice, options: [option("4", true), { text: "5", isCorrect: false, score: -1 }] })).toEqual({
      "options.1.score": "Option score cannot be negative",
    });
  });
});

describe("questionSchema: optional fields", () => {
  it("clears blank instructions to null", () => {
    const parsed = questionSchema.parse({ ...freeResponse, gradingSystemInstruction: "  ", systemInstruction: "", initialPrompt: null });
    expect(parsed.gradingSystemInstruction).toBeNull();
    expect(parsed.systemInstruction).toBeNull();
    expect(parsed.initialPrompt).toBeNull();
  });

  it("keeps given instructions", () => {
    expect(questionSchema.parse({ ...freeResponse, systemInstruction: "You are a tutor." }).systemInstruction).toBe("You are a tutor.");
  });

  it("treats a blank time limit as none and keeps 0", () => {
    expect(questionSchema.parse({ ...freeResponse, timeLimit: "" }).timeLimit).toBeNull();
    expect(questionSchema.parse(freeResponse).timeLimit).toBeNull();
    expect(questionSchema.parse({ ...freeResponse, timeLimit: 0 }).timeLimit).toBe(0);
    expect(questionSchema.parse({ ...freeResponse, timeLimit: "120" }).timeLimit).toBe(120);
  });

  it("refuses a negative time limit", () => {
    expect(errorsOf(questionSchema, { ...freeResponse, timeLimit: -1 })).toEqual({ timeLimit: "Time limit cannot be negative" });
  });

  it("clears an empty rubric to null", () => {
    expect(questionSchema.parse({ ...freeResponse, rubric: "" }).rubric).toBeNull();
    expect(questionSchema.parse({ ...freeResponse, rubric: "   " }).rubric).toBeNull();
    expect(questionSchema.parse(freeResponse).rubric).toBeNull();
  });

  it("keeps a rubric given as text or as an object", () => {
    expect(questionSchema.parse({ ...freeResponse, rubric: "Mentions chlorophyll" }).rubric).toBe("Mentions chlorophyll");
    const rubric = { criteria: [{ name: "Accuracy", points: 5 }] };
    expect(questionSchema.parse({ ...freeResponse, rubric }).rubric).toEqual(rubric);
  });

  it("refuses a rubric that is neither text nor an object", () => {
    expect(questionSchema.safeParse({ ...freeResponse, rubric: 5 }).success).toBe(false);
    expect(questionSchema.safeParse({ ...freeResponse, rubric: ["a"] }).success).toBe(false);
  });
});

/** `{"level":{"level":...}}` nested `levels` deep. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < levels; level += 1) value = { level: value };
  return value;
}

describe("questionSchema: stored JSON fields are bounded", () => {
  it("refuses a rubric over 20,000 characters, as text or as an object", () => {
    expect(errorsOf(questionSchema, { ...freeResponse, rubric: "x".repeat(20_001) })).toEqual({
      rubric: "Rubric is too large (max 20,000 characters)",
    });
    expect(errorsOf(questionSchema, { ...freeResponse, rubric: { criteria: "x".repeat(20_000) } })).toEqual({
      rubric: "Rubric is too large (max 20,000 characters)",
    });
    expect(questionSchema.parse({ ...freeResponse, rubric: "x".repeat(20_000) }).rubric).toHaveLength(20_000);
  });

  it("refuses a rubric nested deeper than 8 levels, even 10,000 deep", () => {
    expect(questionSchema.parse({ ...freeResponse, rubric: nested(8) }).rubric).toEqual(nested(8));
    expect(errorsOf(questionSchema, { ...freeResponse, rubric: nested(9) })).toEqual({ rubric: "Rubric is nested too deeply (max 8 levels)" });
    expect(errorsOf(questionSchema, { ...freeResponse, rubric: nested(10_000) })).toEqual({ rubric: "Rubric is nested too deeply (max 8 levels)" });
  });

  it("bounds metadata in size and depth", () => {
    expect(errorsOf(questionSchema, { ...freeResponse, metadata: { notes: "x".repeat(10_000) } })).toEqual({
      metadata: "Metadata is too large (max 10,000 characters)",
    });
    expect(errorsOf(questionSchema, { ...freeResponse, metadata: { deep: nested(5) } })).toEqual({
      metadata: "Metadata is nested too deeply (max 5 levels)",
    });
  });

  it("bounds the options: at most 20, each text at most 1,000 characters", () => {
    const many = Array.from({ length: 21 }, (_, index) => option(`Choice ${index}`, index === 0));
    expect(errorsOf(questionSchema, { ...choice, options: many })).toEqual({ options: "At most 20 options" });
    expect(errorsOf(questionSchema, { ...choice, options: [option("x".repeat(1_001), true), option("5")] })).toEqual({
      "options.0.text": "Option text is too long (max 1,000 characters)",
    });
  });
});

describe("parseRubricText (rubric field on blur)", () => {
  it("clears an empty field", () => {
    expect(parseRubricText("")).toEqual({ ok: true, value: null });
    expect(parseRubricText("  \n ")).toEqual({ ok: true, value: null });
  });

  it("keeps plain text as it is", () => {
    expect(parseRubricText("Full marks for a worked example")).toEqual({ ok: true, value: "Full marks for a worked example" });
  });

  it("parses a JSON object", () => {
    expect(parseRubricText(' {"accuracy": 5, "clarity": {"max": 3}} ')).toEqual({
      ok: true,
      value: { accuracy: 5, clarity: { max: 3 } },
    });
  });

  it("says 'Invalid JSON format' for broken JSON", () => {
    expect(parseRubricText("{bad")).toEqual({ ok: false, message: "Invalid JSON format" });
    expect(parseRubricText('{"a": 1,}')).toEqual({ ok: false, message: "Invalid JSON format" });
  });

  it("says 'Invalid JSON format' for JSON that is not an object", () => {
    expect(parseRubricText("[1, 2]")).toEqual({ ok: false, message: "Invalid JSON format" });
  });
});

describe("questionCompetenciesSchema", () => {
  it("needs at least one competency, word for word", () => {
    expect(errorsOf(questionCompetenciesSchema, { competencies: [] })).toEqual({
      competencies: "At least one competency is required",
    });
  });

  it("makes the first competency primary when none is chosen", () => {
    expect(questionCompetenciesSchema.parse({ competencies: ["c1", "c2"] })).toEqual({
      competencies: ["c1", "c2"],
      primaryCompetency: "c1",
    });
  });

  it("keeps the chosen primary competency", () => {
    expect(questionCompetenciesSchema.parse({ competencies: ["c1", "c2"], primaryCompetency: "c2" }).primaryCompetency).toBe("c2");
  });

  it("falls back to the first when the chosen primary is not linked", () => {
    expect(questionCompetenciesSchema.parse({ competencies: ["c1", "c2"], primaryCompetency: "c9" }).primaryCompetency).toBe("c1");
  });

  it("links each competency once", () => {
    expect(questionCompetenciesSchema.parse({ competencies: ["c1", "c2", "c1"], primaryCompetency: "c2" })).toEqual({
      competencies: ["c1", "c2"],
      primaryCompetency: "c2",
    });
  });
});

describe("QUESTION_FORM_DEFAULTS", () => {
  it("resets to multiple_choice, medium, one empty option and no competencies", () => {
    expect(QUESTION_FORM_DEFAULTS.type).toBe("multiple_choice");
    expect(QUESTION_FORM_DEFAULTS.difficulty).toBe("medium");
    expect(QUESTION_FORM_DEFAULTS.options).toEqual([{ text: "", isCorrect: false, score: 0 }]);
    expect(QUESTION_FORM_DEFAULTS.competencies).toEqual([]);
    expect(QUESTION_FORM_DEFAULTS.text).toBe("");
  });
});
