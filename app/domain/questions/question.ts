import { z } from "zod";

// Bounds on what a question may store, shared with the test session. Every bank read serialises
// these fields, so one oversized or deeply nested value would otherwise break the bank for every
// admin (and D1 refuses rows over its size limit with a 500, not a message).
import { QUESTION_LIMITS } from "~/domain/content-limits";
import { type JsonBounds, jsonBoundsProblem } from "~/lib/json-bounds";
import { optionalSeconds, optionalText, recordId } from "~/lib/schema-fields";

import { type ContentLanguage, contentLanguageSchema, DEFAULT_CONTENT_LANGUAGE } from "./content-language";
import { DIFFICULTIES, OPTION_RULES, QUESTION_TYPES, type QuestionType } from "./question-types";

/**
 * The bank question payload (POST/PUT /api/questions) and the question form, which adds the
 * competency fields. Question text is sanitized by the
 * server after parsing (domain/sanitize-html).
 */
export const CHOICE_TYPES: readonly QuestionType[] = QUESTION_TYPES.filter((type) => OPTION_RULES[type] !== "none");

const formatCount = (count: number) => count.toLocaleString("en-US");

/** A refinement that keeps a JSON field within its bounds, with a message a teacher understands. */
function withinBounds(label: string, bounds: JsonBounds) {
  return (value: unknown, context: z.RefinementCtx) => {
    const problem = jsonBoundsProblem(value, bounds);
    if (problem === "too_deep") context.addIssue({ code: "custom", message: `${label} is nested too deeply (max ${bounds.maxDepth} levels)` });
    if (problem === "too_large") context.addIssue({ code: "custom", message: `${label} is too large (max ${formatCount(bounds.maxChars)} characters)` });
  };
}

const optionSchema = z.object({
  text: z
    .string({ required_error: "Option text is required" })
    .trim()
    .min(1, "Option text is required")
    .max(QUESTION_LIMITS.optionTextChars, `Option text is too long (max ${formatCount(QUESTION_LIMITS.optionTextChars)} characters)`),
  isCorrect: z.boolean().default(false),
  score: z.coerce.number().min(0, "Option score cannot be negative").max(100).default(0),
});
export type OptionInput = z.infer<typeof optionSchema>;

/** A rubric is free text or a JSON object; an empty string clears it. Either way it is bounded. */
export const rubricSchema = z
  .union([z.string(), z.record(z.unknown()), z.null()], { errorMap: () => ({ message: "Rubric must be text or a JSON object" }) })
  .optional()
  .superRefine((value, context) => {
    if (typeof value === "string") {
      if (value.length > QUESTION_LIMITS.rubric.maxChars) {
        context.addIssue({ code: "custom", message: `Rubric is too large (max ${formatCount(QUESTION_LIMITS.rubric.maxChars)} characters)` });
      }
    } else if (value) withinBounds("Rubric", QUESTION_LIMITS.rubric)(value, context);
  })
  .transform((value) => (value === undefined || value === null || (typeof value === "string" && !value.trim()) ? null : value));

/** What the rubric field does on blur: "" clears, JSON object text parses, other JSON fails. */
export function parseRubricText(text: string): { ok: true; value: string | Record<string, unknown> | null } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (!trimmed) return { ok: true, value: null };
  if (!trimmed.startsWith("{") && !trimmed.startsWith("[")) return { ok: true, value: text };
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return { ok: true, value: parsed as Record<string, unknown> };
  } catch {
    // fall through
  }
  return { ok: false, message: "Invalid JSON format" };
}

export const questionSchema = z
  .object({
    text: z
      .string({ required_error: "Question text is required" })
      .trim()
      .min(1, "Question text is required")
      .max(QUESTION_LIMITS.textChars, `Question text is too long (max ${formatCount(QUESTION_LIMITS.textChars)} characters)`),
    type: z.enum(QUESTION_TYPES, { errorMap: () => ({ message: `Type must be one of ${QUESTION_TYPES.join(", ")}` }) }),
    difficulty: z.enum(DIFFICULTIES, { errorMap: () => ({ message: "Difficulty must be easy, medium or hard" }) }).default("medium"),
    sectionId: z.string().nullable().optional(),
    /** Absent: a new question takes its test's language (or English); an edit keeps the stored one (ADR 0044). */
    language: contentLanguageSchema.optional(),
    options: z.array(optionSchema).max(QUESTION_LIMITS.options, `At most ${QUESTION_LIMITS.options} options`).default([]),
    rubric: rubricSchema,
    gradingSystemInstruction: optionalText(QUESTION_LIMITS.instructionChars),
    systemInstruction: optionalText(QUESTION_LIMITS.instructionChars),
    initialPrompt: optionalText(QUESTION_LIMITS.instructionChars),
    timeLimit: optionalSeconds("Time limit"),
    metadata: z
      .object({
        title: z.string().trim().max(QUESTION_LIMITS.titleChars).optional(),
        /** A reading item: reading it aloud to a student changes what it measures (ADR 0032). */
        measuresReading: z.boolean().optional(),
      })
      .passthrough()
      .superRefine(withinBounds("Metadata", QUESTION_LIMITS.metadata))
      .default({}),
  })
  .superRefine((question, context) => {
    if (!CHOICE_TYPES.includes(question.type)) return;
    if (question.options.length < 2) {
      context.addIssue({ code: "custom", path: ["options"], message: "Add at least two options" });
      return;
    }
    const texts = question.options.map((option) => option.text);
    if (new Set(texts).size !== texts.length) {
      context.addIssue({ code: "custom", path: ["options"], message: "Options must have different texts" });
    }
    const correct = question.options.filter((option) => option.isCorrect).length;
    if (correct === 0) context.addIssue({ code: "custom", path: ["options"], message: "Mark at least one option as correct" });
    if (OPTION_RULES[question.type] === "one correct" && correct > 1) {
      context.addIssue({ code: "custom", path: ["options"], message: "A multiple choice question has exactly one correct option" });
    }
  });
export type QuestionInput = z.infer<typeof questionSchema>;

/** The dialog's extra fields: at least one competency, and which one is primary. */
export const questionCompetenciesSchema = z
  .object({
    competencies: z.array(z.string().min(1)).min(1, "At least one competency is required"),
    primaryCompetency: z.string().optional(),
  })
  .transform((value) => ({
    competencies: [...new Set(value.competencies)],
    primaryCompetency: value.primaryCompetency && value.competencies.includes(value.primaryCompetency) ? value.primaryCompetency : value.competencies[0]!,
  }));

export const competencyLinkSchema = z.object({
  competencyId: z.string({ required_error: "competencyId is required" }).trim().min(1, "competencyId is required"),
  isPrimary: z.boolean().default(false),
});
export const competencyLinkPatchSchema = z.object({ isPrimary: z.boolean({ required_error: "isPrimary is required" }) });

/** Closing the dialog resets to these. */
export const QUESTION_FORM_DEFAULTS = {
  text: "",
  type: "multiple_choice" as QuestionType,
  difficulty: "medium" as const,
  language: DEFAULT_CONTENT_LANGUAGE as ContentLanguage,
  options: [{ text: "", isCorrect: false, score: 0 }],
  competencies: [] as string[],
};

/** What the question bank screen posts to its action. */
const competencyFields = {
  question: questionSchema,
  competencies: z.array(z.string().min(1)).min(1, "At least one competency is required"),
  primaryCompetency: z.string().min(1),
};
export const questionBankActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...competencyFields }),
  z.object({ intent: z.literal("update"), id: recordId, ...competencyFields }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);
