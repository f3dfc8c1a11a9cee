import { describe, expect, it } from "vitest";

import { testDetailsSchema } from "~/domain/assessments/test-config";
import { competencySchema, moduleSchema } from "~/domain/curriculum/curriculum";
import { questionSchema } from "~/domain/questions/question";
import { sanitizeQuestionHtml } from "~/domain/questions/sanitize-html";
import { blueprintSchema, type SessionBlueprint } from "~/domain/sessions/blueprint";

import { CURRICULUM_LIMITS, QUESTION_LIMITS, SANITIZED_GROWTH, STORED_QUESTION_TEXT_CHARS, TEST_LIMITS } from "./content-limits";

/** A one-question blueprint holding the longest content authoring accepts, field by field. */
function blueprintAtTheLimits(): SessionBlueprint {
  const question = questionSchema.parse({
    // Trimming would drop the spaces at the ends.
    text: `x${"\u00a0".repeat(QUESTION_LIMITS.textChars - 2)}x`,
    type: "multiple_choice",
    options: [
      { text: "a".repeat(QUESTION_LIMITS.optionTextChars), isCorrect: true },
      { text: "b".repeat(QUESTION_LIMITS.optionTextChars), isCorrect: false },
    ],
    gradingSystemInstruction: "g".repeat(QUESTION_LIMITS.instructionChars),
    metadata: { title: "t".repeat(QUESTION_LIMITS.titleChars) },
  });
  const competency = competencySchema.parse({ description: "c".repeat(CURRICULUM_LIMITS.competencyDescriptionChars) });
  const module = moduleSchema.parse({ name: "m".repeat(CURRICULUM_LIMITS.moduleNameChars) });
  const test = testDetailsSchema.parse({
    title: "T".repeat(TEST_LIMITS.titleChars),
    description: "d",
    gradeLevel: "6",
    subject: "S".repeat(TEST_LIMITS.subjectChars),
    aiModel: "x".repeat(TEST_LIMITS.aiModelChars),
  });
  return {
    sessionId: "s",
    testId: "t",
    testTitle: test.title,
    testSubject: test.subject,
    studentId: "student",
    cohortId: null,
    mode: "placement",
    durationSeconds: 900,
    seed: 1,
    aiModel: test.aiModel,
    questions: Array.from({ length: 2 }, (_, index) => ({
      id: `q${index}`,
      text: sanitizeQuestionHtml(question.text),
      type: question.type,
      difficulty: question.difficulty,
      options: question.options.map((option) => ({ text: option.text, isCorrect: option.isCorrect })),
      competencyId: "c",
      sectionId: null,
      timeLimitSeconds: null,
      params: { a: 1, b: 0 },
      rubric: null,
      gradingSystemInstruction: question.gradingSystemInstruction,
      systemInstruction: null,
      initialPrompt: null,
      scenarioTitle: question.metadata.title ?? null,
    })),
    sectionOrder: [],
    competencies: [{ id: "c", name: competency.description, moduleId: "m" }],
    modules: [{ id: "m", name: module.name }],
    prerequisites: {},
    showResultDuringTest: true,
    showFeedbackDuringTest: true,
  };
}

describe("one set of limits for authoring and sessions", () => {
  it("a session takes the longest content authoring accepts", () => {
    const result = blueprintSchema.safeParse(blueprintAtTheLimits());
    expect(result.success, result.success ? "" : result.error.issues[0]?.message).toBe(true);
  });

  it("authoring refuses one character more, field by field", () => {
    expect(competencySchema.safeParse({ description: "c".repeat(CURRICULUM_LIMITS.competencyDescriptionChars + 1) }).success).toBe(false);
    expect(moduleSchema.safeParse({ name: "m".repeat(CURRICULUM_LIMITS.moduleNameChars + 1) }).success).toBe(false);
    expect(questionSchema.safeParse({ text: "q".repeat(QUESTION_LIMITS.textChars + 1), type: "free_response" }).success).toBe(false);
  });

  it("the session's bound on question text is the sanitized form of the longest text", () => {
    expect(sanitizeQuestionHtml("\u00a0".repeat(QUESTION_LIMITS.textChars))).toHaveLength(STORED_QUESTION_TEXT_CHARS);
    expect(STORED_QUESTION_TEXT_CHARS).toBe(QUESTION_LIMITS.textChars * SANITIZED_GROWTH);
  });
});
