import { z } from "zod";

import { TEST_LIMITS } from "~/domain/content-limits";
import { contentLanguageSchema } from "~/domain/questions/content-language";
import { questionSchema } from "~/domain/questions/question";
import { QUESTION_TYPES } from "~/domain/questions/question-types";
import { FEEDBACK_DISPLAYS } from "~/domain/sessions/feedback-display";
import { storableText } from "~/domain/text-fields";
import { optionalSeconds } from "~/lib/schema-fields";

import { DEFAULT_AI_MODEL } from "./ai-cost";

/**
 * The test form (create and edit) and the test payloads of /api/tests, with the product's
 * messages. One schema serves the form and the API.
 */
export const DEFAULT_PLACEMENT_DURATION = 15;
export const DEFAULT_DIAGNOSTIC_DURATION = 25;
export const MIN_DURATION = 5;
export const MAX_DURATION = 180;

const requiredText = (message: string, label: string, max = 200, multiLine = false) =>
  storableText(z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`), label, {
    multiLine,
  });

const duration = (label: "Placement" | "Diagnostic") =>
  z.coerce
    .number({ invalid_type_error: `${label} duration must be a number` })
    .int(`${label} duration must be a whole number of minutes`)
    .min(MIN_DURATION, `${label} duration must be at least ${MIN_DURATION} minutes`)
    .max(MAX_DURATION, `${label} duration cannot exceed ${MAX_DURATION} minutes`);

export const testDetailsSchema = z.object({
  title: requiredText("Title is required", "The title", TEST_LIMITS.titleChars),
  description: requiredText("Description is required", "The description", 5000, true),
  gradeLevel: requiredText("Grade level is required", "The grade level", 50),
  subject: requiredText("Subject is required", "The subject", TEST_LIMITS.subjectChars),
  placementDuration: duration("Placement").default(DEFAULT_PLACEMENT_DURATION),
  diagnosticDuration: duration("Diagnostic").default(DEFAULT_DIAGNOSTIC_DURATION),
  showFeedback: z.boolean().default(true),
  aiModel: z.string().trim().min(1).max(TEST_LIMITS.aiModelChars).default(DEFAULT_AI_MODEL),
  showResultDuringTest: z.boolean().default(true),
  showFeedbackDuringTest: z.boolean().default(true),
  showResultAfterTest: z.boolean().default(true),
  showFeedbackAfterTest: z.boolean().default(true),
  /** How long an answer's feedback stays during the test (ADR 0042): until "Next question", or SPEC's 3 seconds. */
  feedbackDisplay: z.enum(FEEDBACK_DISPLAYS, { message: "Feedback display must be until_next or timed" }).default("until_next"),
  /** Absent: a new test is English, an edit keeps the stored language (ADR 0044). */
  language: contentLanguageSchema.optional(),
});

export const sectionSchema = z.object({
  id: z.string().trim().min(1, "Section id is required").max(100),
  title: requiredText("Section title is required", "The section title"),
  timeLimit: optionalSeconds("Section time limit"),
});

/** A bank question placed in a test: its section and its time-limit override. */
const placementSchema = z.object({
  id: z.string().trim().min(1, "Question id is required"),
  sectionId: z
    .string()
    .trim()
    .min(1)
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  timeLimit: optionalSeconds("Question time limit"),
});
export type PlacementInput = z.infer<typeof placementSchema>;

export const timerDefaultsSchema = z
  .record(z.enum(QUESTION_TYPES), optionalSeconds("Default time limit"))
  .default({})
  .transform(
    (defaults) =>
      Object.fromEntries(Object.entries(defaults).filter(([, seconds]) => seconds != null)) as Partial<Record<(typeof QUESTION_TYPES)[number], number>>,
  );

function uniqueIds(items: { id: string }[]) {
  return new Set(items.map((item) => item.id)).size === items.length;
}

/** PUT /api/tests/{id}: the form fields plus sections, questions and timer defaults. */
export const testUpdateSchema = testDetailsSchema
  .extend({
    sections: z.array(sectionSchema).max(TEST_LIMITS.sections).default([]),
    questions: z.array(placementSchema).max(TEST_LIMITS.questions).default([]),
    perQuestionTimerDefaults: timerDefaultsSchema,
  })
  .superRefine((test, context) => {
    if (!uniqueIds(test.sections)) context.addIssue({ code: "custom", path: ["sections"], message: "Section ids must be unique" });
    if (!uniqueIds(test.questions)) context.addIssue({ code: "custom", path: ["questions"], message: "A question can be in a test only once" });
    const sectionIds = new Set(test.sections.map((section) => section.id));
    test.questions.forEach((question, index) => {
      if (question.sectionId && !sectionIds.has(question.sectionId)) {
        context.addIssue({ code: "custom", path: ["questions", index, "sectionId"], message: "Unknown section" });
      }
    });
  });
export type TestUpdate = z.infer<typeof testUpdateSchema>;

/**
 * A question the generator or the importer proposes, saved with its test: a bank question's
 * fields plus the name of its one competency (found by name, or created).
 */
const draftQuestionSaveSchema = z.intersection(
  questionSchema,
  z.object({
    competency: z
      .string({ required_error: "Each question needs a competency", invalid_type_error: "Each question needs a competency" })
      .trim()
      .min(1, "Each question needs a competency")
      .max(200, "A competency name is at most 200 characters"),
  }),
);
export type DraftQuestionSave = z.infer<typeof draftQuestionSaveSchema>;

/** An entry of POST /api/tests's questions: an existing bank question's id, or a new question (it has text). */
const testCreateEntrySchema = z.unknown().transform((value, context): PlacementInput | DraftQuestionSave => {
  const isDraft = typeof value === "object" && value !== null && "text" in value;
  const parsed = (isDraft ? draftQuestionSaveSchema : placementSchema).safeParse(value);
  if (parsed.success) return parsed.data;
  parsed.error.issues.forEach((issue) => context.addIssue(issue));
  return z.NEVER;
});

export function isDraftQuestion(entry: PlacementInput | DraftQuestionSave): entry is DraftQuestionSave {
  return "text" in entry;
}

/**
 * POST /api/tests: manual create sends empty questions, competencies and modules; the generator
 * and the importer send new questions, which are created in the bank with the test.
 */
export const testCreateSchema = testDetailsSchema.extend({
  questions: z.array(testCreateEntrySchema).max(TEST_LIMITS.questions).default([]),
  competencies: z.record(z.unknown()).optional(),
  modules: z.record(z.unknown()).optional(),
});
export type TestCreate = z.infer<typeof testCreateSchema>;
