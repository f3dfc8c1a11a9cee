import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";

import { fieldErrors } from "~/lib/form-errors";

import { sectionSchema, testCreateSchema, testDetailsSchema, testUpdateSchema, timerDefaultsSchema } from "./test-config";

/** The messages a form shows for an input the schema refuses. */
function errorsOf(schema: ZodTypeAny, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a refusal, got ${JSON.stringify(result.data)}`);
  return fieldErrors(result.error);
}

const details = { title: "Fractions", description: "Grade 6 fractions", gradeLevel: "6", subject: "Math" };

describe("testDetailsSchema", () => {
  it("shows each required message word for word when the field is missing", () => {
    expect(errorsOf(testDetailsSchema, {})).toMatchObject({
      title: "Title is required",
      description: "Description is required",
      gradeLevel: "Grade level is required",
      subject: "Subject is required",
    });
  });

  it("treats blank and whitespace-only fields as missing", () => {
    expect(errorsOf(testDetailsSchema, { title: "", description: "   ", gradeLevel: "", subject: " \t " })).toEqual({
      title: "Title is required",
      description: "Description is required",
      gradeLevel: "Grade level is required",
      subject: "Subject is required",
    });
  });

  it("shows the required message for a null field too", () => {
    expect(errorsOf(testDetailsSchema, { ...details, title: null })).toEqual({ title: "Title is required" });
  });

  it("trims the text fields", () => {
    expect(testDetailsSchema.parse({ ...details, title: "  Fractions  " }).title).toBe("Fractions");
  });

  it("defaults the durations to 15 and 25 minutes and the model to gpt-5", () => {
    const parsed = testDetailsSchema.parse(details);
    expect(parsed.placementDuration).toBe(15);
    expect(parsed.diagnosticDuration).toBe(25);
    expect(parsed.aiModel).toBe("gpt-5-2025-08-07");
  });

  it("turns on every feedback and result option by default and keeps a false one", () => {
    const parsed = testDetailsSchema.parse({ ...details, showFeedbackAfterTest: false });
    expect(parsed).toMatchObject({
      showFeedback: true,
      showResultDuringTest: true,
      showFeedbackDuringTest: true,
      showResultAfterTest: true,
      showFeedbackAfterTest: false,
    });
  });

  it("keeps the feedback until Next question by default, takes the 3-second display and refuses anything else", () => {
    expect(testDetailsSchema.parse(details).feedbackDisplay).toBe("until_next");
    expect(testDetailsSchema.parse({ ...details, feedbackDisplay: "timed" }).feedbackDisplay).toBe("timed");
    const refused = testDetailsSchema.safeParse({ ...details, feedbackDisplay: "3s" });
    expect(refused.error?.issues[0]?.message).toBe("Feedback display must be until_next or timed");
  });

  it("refuses a non-boolean feedback option", () => {
    expect(testDetailsSchema.safeParse({ ...details, showFeedback: "yes" }).success).toBe(false);
  });

  it("coerces durations typed into a form", () => {
    const parsed = testDetailsSchema.parse({ ...details, placementDuration: "30", diagnosticDuration: "45" });
    expect(parsed.placementDuration).toBe(30);
    expect(parsed.diagnosticDuration).toBe(45);
  });

  it("accepts the limits 5 and 180 themselves", () => {
    const parsed = testDetailsSchema.parse({ ...details, placementDuration: 5, diagnosticDuration: "180" });
    expect(parsed.placementDuration).toBe(5);
    expect(parsed.diagnosticDuration).toBe(180);
  });

  it("refuses a placement duration under 5 or over 180 minutes", () => {
    expect(errorsOf(testDetailsSchema, { ...details, placementDuration: 4 })).toEqual({
      placementDuration: "Placement duration must be at least 5 minutes",
    });
    expect(errorsOf(testDetailsSchema, { ...details, placementDuration: "181" })).toEqual({
      placementDuration: "Placement duration cannot exceed 180 minutes",
    });
  });

  it("refuses a diagnostic duration under 5 or over 180 minutes", () => {
    expect(errorsOf(testDetailsSchema, { ...details, diagnosticDuration: "4" })).toEqual({
      diagnosticDuration: "Diagnostic duration must be at least 5 minutes",
    });
    expect(errorsOf(testDetailsSchema, { ...details, diagnosticDuration: 181 })).toEqual({
      diagnosticDuration: "Diagnostic duration cannot exceed 180 minutes",
    });
  });

  it("refuses a duration that is not a whole number", () => {
    expect(testDetailsSchema.safeParse({ ...details, placementDuration: "abc" }).success).toBe(false);
    expect(testDetailsSchema.safeParse({ ...details, diagnosticDuration: 12.5 }).success).toBe(false);
  });
});

describe("testCreateSchema", () => {
  it("accepts the manual create payload with empty questions", () => {
    const parsed = testCreateSchema.parse({ ...details, questions: [], competencies: {}, modules: {} });
    expect(parsed.questions).toEqual([]);
    expect(parsed.placementDuration).toBe(15);
  });
});

describe("sectionSchema", () => {
  it("requires a title, word for word", () => {
    expect(errorsOf(sectionSchema, { id: "s1", title: "  " })).toEqual({ title: "Section title is required" });
    expect(errorsOf(sectionSchema, { id: "s1" })).toEqual({ title: "Section title is required" });
  });

  it("treats a blank or missing time limit as none", () => {
    expect(sectionSchema.parse({ id: "s1", title: "Warm-up", timeLimit: "" }).timeLimit).toBeNull();
    expect(sectionSchema.parse({ id: "s1", title: "Warm-up", timeLimit: null }).timeLimit).toBeNull();
    expect(sectionSchema.parse({ id: "s1", title: "Warm-up" }).timeLimit).toBeNull();
  });

  it("keeps 0 and coerces a typed number", () => {
    expect(sectionSchema.parse({ id: "s1", title: "Warm-up", timeLimit: 0 }).timeLimit).toBe(0);
    expect(sectionSchema.parse({ id: "s1", title: "Warm-up", timeLimit: "90" }).timeLimit).toBe(90);
  });

  it("refuses a negative time limit", () => {
    expect(errorsOf(sectionSchema, { id: "s1", title: "Warm-up", timeLimit: -1 })).toEqual({
      timeLimit: "Section time limit cannot be negative",
    });
    expect(sectionSchema.safeParse({ id: "s1", title: "Warm-up", timeLimit: "-30" }).success).toBe(false);
  });

  it("refuses a time limit that is not a number", () => {
    expect(sectionSchema.safeParse({ id: "s1", title: "Warm-up", timeLimit: "soon" }).success).toBe(false);
  });
});

describe("testUpdateSchema", () => {
  const sections = [
    { id: "s1", title: "One" },
    { id: "s2", title: "Two", timeLimit: 60 },
  ];

  it("accepts sections, questions placed in them and unassigned questions", () => {
    const parsed = testUpdateSchema.parse({
      ...details,
      sections,
      questions: [{ id: "q1", sectionId: "s1" }, { id: "q2", sectionId: "s2", timeLimit: "30" }, { id: "q3" }],
    });
    expect(parsed.sections).toEqual([
      { id: "s1", title: "One", timeLimit: null },
      { id: "s2", title: "Two", timeLimit: 60 },
    ]);
    expect(parsed.questions).toEqual([
      { id: "q1", sectionId: "s1", timeLimit: null },
      { id: "q2", sectionId: "s2", timeLimit: 30 },
      { id: "q3", sectionId: null, timeLimit: null },
    ]);
    expect(parsed.perQuestionTimerDefaults).toEqual({});
  });

  it("refuses two sections with the same id", () => {
    expect(errorsOf(testUpdateSchema, { ...details, sections: [sections[0], { id: "s1", title: "Again" }] })).toEqual({
      sections: "Section ids must be unique",
    });
  });

  it("refuses the same question twice", () => {
    expect(
      errorsOf(testUpdateSchema, {
        ...details,
        sections,
        questions: [
          { id: "q1", sectionId: "s1" },
          { id: "q1", sectionId: "s2" },
        ],
      }),
    ).toEqual({
      questions: "A question can be in a test only once",
    });
  });

  it("refuses a question in a section the test does not have", () => {
    expect(
      errorsOf(testUpdateSchema, {
        ...details,
        sections,
        questions: [
          { id: "q1", sectionId: "s1" },
          { id: "q2", sectionId: "s9" },
        ],
      }),
    ).toEqual({
      "questions.1.sectionId": "Unknown section",
    });
  });

  it("refuses a negative question time limit", () => {
    expect(errorsOf(testUpdateSchema, { ...details, questions: [{ id: "q1", timeLimit: -5 }] })).toEqual({
      "questions.0.timeLimit": "Question time limit cannot be negative",
    });
  });

  it("keeps timer defaults that are set, including 0, and drops blanks", () => {
    const parsed = testUpdateSchema.parse({
      ...details,
      perQuestionTimerDefaults: { free_response: "300", scenario: 0, chat: "", multiple_choice: null },
    });
    expect(parsed.perQuestionTimerDefaults).toEqual({ free_response: 300, scenario: 0 });
  });
});

describe("timerDefaultsSchema", () => {
  it("is empty when missing", () => {
    expect(timerDefaultsSchema.parse(undefined)).toEqual({});
  });

  it("refuses a type that does not exist and a negative default", () => {
    expect(timerDefaultsSchema.safeParse({ essay: 60 }).success).toBe(false);
    expect(timerDefaultsSchema.safeParse({ chat: -1 }).success).toBe(false);
  });
});

describe("optional time limits typed in a form", () => {
  it("reads only spaces as no limit and says when the text is not a number", () => {
    expect(sectionSchema.parse({ id: "s", title: "T", timeLimit: "   " }).timeLimit).toBeNull();
    expect(sectionSchema.parse({ id: "s", title: "T", timeLimit: " 30 " }).timeLimit).toBe(30);
    expect(sectionSchema.safeParse({ id: "s", title: "T", timeLimit: "abc" }).error?.issues[0]?.message).toBe("Section time limit must be a number");
  });
});
