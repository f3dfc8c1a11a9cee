import { z } from "zod";

import { DIFFICULTIES, QUESTION_TYPES, type QuestionType } from "./question-types";
import { optionalSeconds } from "~/domain/tests/test-config";
import { optionalText, recordId } from "~/lib/schema-fields";

/**
 * The bank question payload (POST/PUT /api/questions) and the question form, which adds the
 * competency fields (SPEC.md section 5 "Question form"). Question text is sanitized by the
 * server after parsing (domain/sanitize-html).
 */
export const CHOICE_TYPES: readonly QuestionType[] = ["multiple_choice", "multiple_select"];

export const optionSchema = z.object({
  text: z.string({ required_error: "Option text is required" }).trim().min(1, "Option text is required").max(1000),
  isCorrect: z.boolean().default(false),
  score: z.coerce.number().min(0, "Option score cannot be negative").max(100).default(0),
});
export type OptionInput = z.infer<typeof optionSchema>;

/** A rubric is free text or a JSON object; an empty string clears it. */
export const rubricSchema = z
  .union([z.string().max(20_000), z.record(z.unknown()), z.null()])
  .optional()
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
    text: z.string({ required_error: "Question text is required" }).trim().min(1, "Question text is required").max(20_000),
    type: z.enum(QUESTION_TYPES, { errorMap: () => ({ message: `Type must be one of ${QUESTION_TYPES.join(", ")}` }) }),
    difficulty: z.enum(DIFFICULTIES, { errorMap: () => ({ message: "Difficulty must be easy, medium or hard" }) }).default("medium"),
    sectionId: z.string().nullable().optional(),
    options: z.array(optionSchema).max(20, "At most 20 options").default([]),
    rubric: rubricSchema,
    gradingSystemInstruction: optionalText(5000),
    systemInstruction: optionalText(5000),
    initialPrompt: optionalText(5000),
    timeLimit: optionalSeconds("Time limit"),
    metadata: z.object({ title: z.string().trim().max(200).optional() }).passthrough().default({}),
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
    if (question.type === "multiple_choice" && correct > 1) {
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
    primaryCompetency:
      value.primaryCompetency && value.competencies.includes(value.primaryCompetency) ? value.primaryCompetency : value.competencies[0]!,
  }));

export const competencyLinkSchema = z.object({
  competencyId: z.string({ required_error: "competencyId is required" }).trim().min(1, "competencyId is required"),
  isPrimary: z.boolean().default(false),
});
export const competencyLinkPatchSchema = z.object({ isPrimary: z.boolean({ required_error: "isPrimary is required" }) });

/** SPEC.md section 4: closing the dialog resets to these. */
export const QUESTION_FORM_DEFAULTS = {
  text: "",
  type: "multiple_choice" as QuestionType,
  difficulty: "medium" as const,
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
