import { z } from "zod";

import { contentLanguageSchema } from "~/domain/questions/content-language";
import { DIFFICULTIES, QUESTION_TYPES } from "~/domain/questions/question-types";

/**
 * One zod schema per AI task. Each is sent to the model as its JSON-schema
 * response format and parses the reply, so every field is required (strict structured output has
 * no optional fields: "none" is an empty string or an empty list). The offline provider returns
 * the same shapes, so callers never know which one answered.
 */

export const GRADE_CORRECT_THRESHOLD = 70;

/** Grading of a free-response, scenario or chat answer. Preview grading also shows keyPoints. */
export const gradingResultSchema = z.object({
  score: z.number().min(0).max(100),
  feedback: z.string().max(4000),
  strengths: z.array(z.string().max(1000)).max(10),
  improvements: z.array(z.string().max(1000)).max(10),
  keyPoints: z.array(z.string().max(1000)).max(10),
  /**
   * How sure the grader is that the score lands on the right side of 70, from 0 (a coin toss) to 1.
   * A model reports its own; the offline grader derives it from its features. Low-confidence grades
   * are flagged for a teacher's review.
   */
  confidence: z.number().min(0).max(1),
});
export type GradingResult = z.infer<typeof gradingResultSchema>;

/**
 * Which acceptable answer, criterion or counted items of the rubric the offline grader matched an
 * answer with best. It quotes the rubric, so only staff see it (preview grading): it is never
 * part of a grade a student can read (withoutMatch).
 */
const matchedTargetSchema = z.object({ kind: z.enum(["acceptable", "criterion", "counted"]), text: z.string() });
export type MatchedTarget = z.infer<typeof matchedTargetSchema>;

/** A grade without the rubric text it matched: what may be stored with or shown for a student's answer. */
export function withoutMatch(grade: GradingResult & { matched?: unknown }): GradingResult {
  const { matched: _matched, ...rest } = grade;
  return rest;
}

/**
 * A grade as preview grading shows it: the result, whether the injection screen removed part of the
 * answer, and the rubric's target the offline grader matched (null from a model, or when nothing matched).
 */
export const previewGradeSchema = gradingResultSchema.extend({
  flaggedForReview: z.boolean().default(false),
  matched: matchedTargetSchema.nullable().default(null),
});
export type PreviewGrade = z.infer<typeof previewGradeSchema>;

const draftOptionSchema = z.object({
  text: z.string().trim().min(1).max(1000),
  isCorrect: z.boolean(),
});
export type DraftOption = z.infer<typeof draftOptionSchema>;

/**
 * A question the generator or the importer proposes, before it is saved to the bank. It names its
 * one competency; saving creates the competency when no competency has that description yet.
 * `rubric` is the reference answer or grading guidance of an open question ("" for none).
 */
const draftQuestionSchema = z.object({
  text: z.string().trim().min(1).max(5000),
  type: z.enum(QUESTION_TYPES),
  difficulty: z.enum(DIFFICULTIES),
  options: z.array(draftOptionSchema).max(20),
  competency: z.string().trim().min(1).max(200),
  rubric: z.string().max(5000),
});
export type DraftQuestion = z.infer<typeof draftQuestionSchema>;

/** The AI Test Generator's answer (title, description, gradeLevel, subject, questions). */
export const generatedTestSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(5000),
  gradeLevel: z.string().trim().min(1).max(50),
  subject: z.string().trim().min(1).max(100),
  questions: z.array(draftQuestionSchema).min(1).max(100),
});
export type GeneratedTest = z.infer<typeof generatedTestSchema>;

/** Import Test Content's answer: the generated shape plus the two durations (minutes). */
export const formattedTestSchema = generatedTestSchema.extend({
  placementDuration: z.number().int().min(5).max(180),
  diagnosticDuration: z.number().int().min(5).max(180),
});
export type FormattedTest = z.infer<typeof formattedTestSchema>;

/**
 * A draft as the generator and the importer hand it back (ADR 0044): the shapes above plus the
 * language it is written in, which the job sets and never asks of a model (strict structured
 * output has no optional fields); an imported CSV row may name its own. Saving it (POST /api/tests)
 * gives the test that language and each new question its own, else the test's.
 */
const draftLanguageFields = {
  language: contentLanguageSchema.default("en"),
  questions: z
    .array(draftQuestionSchema.extend({ language: contentLanguageSchema.optional() }))
    .min(1)
    .max(100),
};
export const generatedDraftSchema = generatedTestSchema.extend(draftLanguageFields);
export type GeneratedDraft = z.infer<typeof generatedDraftSchema>;
export const formattedDraftSchema = formattedTestSchema.extend(draftLanguageFields);
export type FormattedDraft = z.infer<typeof formattedDraftSchema>;

/** A chat question's reply to the student. */
export const chatReplySchema = z.object({ reply: z.string().min(1).max(4000) });
export type ChatReply = z.infer<typeof chatReplySchema>;
