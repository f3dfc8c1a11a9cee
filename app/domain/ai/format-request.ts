import { z } from "zod";

import { contentLanguageSchema } from "~/domain/questions/content-language";

import type { FormattedTest } from "./schemas";

/** POST /api/tests/format's body, with the product's "No Content" message for a blank paste. */
export const MAX_RAW_CONTENT_CHARS = 200_000;

export const formatRequestSchema = z.object({
  rawContent: z
    .string({ required_error: "Please paste your test content first.", invalid_type_error: "Please paste your test content first." })
    .max(MAX_RAW_CONTENT_CHARS, `Test content is too long (max ${MAX_RAW_CONTENT_CHARS.toLocaleString("en-US")} characters)`)
    .refine((text) => text.trim().length > 0, "Please paste your test content first."),
  /** The language the pasted questions are in (ADR 0044); a CSV's Language column may say so per row. */
  language: contentLanguageSchema.default("en"),
});

/**
 * The product's formatted test carries competencies and modules maps beside the questions: here each
 * competency a question names, keyed by that name. Modules are left for the teacher to assign.
 */
export function withCompetencyMaps(test: FormattedTest) {
  const names = [...new Set(test.questions.map((question) => question.competency))];
  return {
    ...test,
    competencies: Object.fromEntries(names.map((name) => [name, { description: name }])),
    modules: {} as Record<string, never>,
  };
}
