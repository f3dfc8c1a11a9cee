import { z } from "zod";

import { type ContentLanguage, contentLanguageSchema } from "~/domain/questions/content-language";
import { DIFFICULTIES, QUESTION_TYPES } from "~/domain/questions/question-types";

/**
 * POST /api/tests/generate's body. The generator screen
 * sends the product's fixed values with the Test Context as both topic and source material;
 * other callers may choose their own within these bounds.
 */
export const MAX_CONTEXT_CHARS = 50_000;
const GENERATED_QUESTION_COUNT = 5;
const GENERATED_DIFFICULTY_SPLIT = { easy: 0.3, medium: 0.5, hard: 0.2 } as const;

export const DEFAULT_GENERATION_INSTRUCTIONS =
  "Generate 5 questions mixing multiple-choice and free-response formats, with a range of easy, medium and hard difficulty.";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max.toLocaleString("en-US")} characters`);

export const generationRequestSchema = z
  .object({
    subject: text(100).min(1, "Subject is required").default("Generated Test"),
    gradeLevel: text(50).min(1, "Grade level is required").default("General"),
    topic: text(MAX_CONTEXT_CHARS).default(""),
    learningObjectives: z.array(text(500)).max(20).default(["Assessment of understanding"]),
    questionTypes: z.array(z.enum(QUESTION_TYPES)).min(1, "Choose at least one question type").max(5).default(["multiple_choice", "free_response"]),
    numberOfQuestions: z.number().int().min(1).max(20).default(GENERATED_QUESTION_COUNT),
    difficultyDistribution: z
      .record(z.enum(DIFFICULTIES), z.number().min(0).max(1))
      .default({ ...GENERATED_DIFFICULTY_SPLIT })
      .transform((split) => ({ easy: split.easy ?? 0, medium: split.medium ?? 0, hard: split.hard ?? 0 }))
      .refine((split) => split.easy + split.medium + split.hard > 0, "The difficulty split must not be all zero"),
    sourceMaterial: text(MAX_CONTEXT_CHARS).default(""),
    additionalContext: text(5000).default(""),
    /** The language to write the questions in (ADR 0044). A model writes it; the offline generator writes English only. */
    language: contentLanguageSchema.default("en"),
  })
  .refine((request) => request.topic.length > 0 || request.sourceMaterial.length > 0, {
    message: "Please provide test context or topic information.",
    path: ["topic"],
  });
export type GenerationRequest = z.infer<typeof generationRequestSchema>;

/**
 * The language a generated draft is in (ADR 0044): the one asked for when a model writes it. The
 * offline generator's sentences are English templates around the teacher's text, so its drafts
 * are marked English whatever was asked, rather than claim a language they are not written in.
 */
export function generatedLanguage(provider: "offline" | "model", requested: ContentLanguage): ContentLanguage {
  return provider === "offline" ? "en" : requested;
}

/** What the generator screen says when Spanish is chosen and only the offline generator runs. */
export const OFFLINE_GENERATOR_ENGLISH_ONLY =
  "The built-in generator writes English only: its questions will be marked English. With an AI model configured, they are written in the language chosen.";

/** The material the questions are drawn from: the source material, else the topic. */
export function generationContext(request: GenerationRequest): string {
  return request.sourceMaterial || request.topic;
}
