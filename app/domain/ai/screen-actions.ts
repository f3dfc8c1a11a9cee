import { z } from "zod";

import { testCreateSchema } from "~/domain/assessments/test-config";
import { contentLanguageSchema } from "~/domain/questions/content-language";
import type { TitledMessage } from "~/domain/shell/action-result";

import { formatRequestSchema } from "./format-request";
import { MAX_CONTEXT_CHARS } from "./generation-request";

/** The intents of the AI Test Generator and Import Test Content, with the product's toasts (sections 5 and 8). */

const MISSING_CONTEXT: TitledMessage = { title: "staffToasts.missingInformationTitle", message: "Please provide test context or topic information." };
const NOTHING_TO_SAVE: TitledMessage = { title: "staffToasts.nothingToSaveTitle", message: "Generate a test first before saving." };
const NO_CONTENT: TitledMessage = { title: "staffToasts.noContentTitle", message: "Please paste your test content first." };

export const GENERATING_MESSAGE = "AI is generating your test questions...";
export const FORMATTING_MESSAGE = "AI is formatting your test...";

/** A test to save: what the generator or the importer produced, possibly edited, as POST /api/tests takes it. */
const testToSave = (missing: string) => z.custom<object>((value) => typeof value === "object" && value !== null, missing).pipe(testCreateSchema);

export const generatorActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("generate"),
    context: z
      .string({ required_error: MISSING_CONTEXT.message, invalid_type_error: MISSING_CONTEXT.message })
      .max(MAX_CONTEXT_CHARS, `The test context is too long (max ${MAX_CONTEXT_CHARS.toLocaleString("en-US")} characters)`)
      .refine((text) => text.trim().length > 0, MISSING_CONTEXT.message),
    instructions: z.string().max(5000, "The instructions are too long (max 5,000 characters)").default(""),
    language: contentLanguageSchema.default("en"),
  }),
  z.object({ intent: z.literal("save"), test: testToSave(NOTHING_TO_SAVE.message) }),
]);

export const GENERATOR_MESSAGES = {
  intents: {
    generate: { success: null, failure: "staffToasts.generateTestFailed", failureTitle: "staffToasts.generationFailedTitle" },
    save: {
      success: { title: "staffToasts.testSavedTitle", description: "staffToasts.testSavedDescription" },
      failure: "staffToasts.saveTheTestFailed",
      failureTitle: "staffToasts.saveFailedTitle",
    },
  },
  titled: [MISSING_CONTEXT, NOTHING_TO_SAVE],
};

export const importActionSchema = z.discriminatedUnion("intent", [
  formatRequestSchema.extend({ intent: z.literal("format") }),
  z.object({ intent: z.literal("save"), test: testToSave("Format your test content before saving.") }),
]);

export const IMPORT_MESSAGES = {
  intents: {
    format: { success: null, failure: "staffToasts.formatTestFailed", failureTitle: "staffToasts.formattingFailedTitle" },
    save: {
      success: { title: "staffToasts.testSavedTitle", description: "staffToasts.testSavedDescription" },
      failure: "staffToasts.saveTestFailed",
      failureTitle: "staffToasts.saveFailedTitle",
    },
  },
  titled: [NO_CONTENT],
};

export const generatedToast = (count: number) => ({ title: "Test Generated Successfully!", description: `Created with ${count} questions.` });
export const formattedToast = (count: number) => ({
  title: "Test Formatted Successfully!",
  description: `Your test has been formatted with ${count} questions.`,
});
