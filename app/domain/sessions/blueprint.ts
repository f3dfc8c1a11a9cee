import { z } from "zod";

import { accommodationsSchema } from "~/domain/accommodations/accommodations";
import { TEST_MODES } from "~/domain/adaptive/engine";
import { CURRICULUM_LIMITS, QUESTION_LIMITS, STORED_QUESTION_TEXT_CHARS, TEST_LIMITS } from "~/domain/content-limits";
import { CONTENT_LANGUAGES, type ContentLanguage, DEFAULT_CONTENT_LANGUAGE } from "~/domain/questions/content-language";
import { DIFFICULTIES, QUESTION_TYPES } from "~/domain/questions/question-types";

import { FEEDBACK_DISPLAYS } from "./feedback-display";
import { MAX_ID_LENGTH, MAX_SESSION_SECONDS } from "./session-limits";

/**
 * Everything a live attempt needs, handed to the session's Durable Object once when it starts, so
 * that serving and scoring questions never read D1: the test's questions
 * with their answer keys and calibrated parameters, its sections, competencies, modules and
 * prerequisites, and the feedback settings. Its bounds are authoring's (domain/content-limits), so
 * any test a teacher could save can start; what authoring does not bound (how many competencies a
 * test's questions link) is not bounded here either.
 */
const id = z.string().min(1).max(MAX_ID_LENGTH);

const sessionQuestionSchema = z.object({
  id,
  /** Stored (sanitized) text, which may be longer than the text as typed. */
  text: z.string().max(STORED_QUESTION_TEXT_CHARS),
  type: z.enum(QUESTION_TYPES),
  difficulty: z.enum(DIFFICULTIES),
  options: z.array(z.object({ text: z.string().max(QUESTION_LIMITS.optionTextChars), isCorrect: z.boolean() })).max(QUESTION_LIMITS.options),
  competencyId: id.nullable(),
  sectionId: id.nullable(),
  /** Seconds: the product's timer priority already applied (question, section, type default). */
  timeLimitSeconds: z.number().int().positive().nullable(),
  /** The question's parameters on the district's scale, or its label's prior until it has enough answers (ADR 0033). */
  params: z.object({ a: z.number().positive(), b: z.number() }),
  /** Completed sessions whose test offered this question, and those that served it: exposure control (ADR 0033). Absent: none yet. */
  exposure: z.object({ offered: z.number().int().nonnegative(), served: z.number().int().nonnegative() }).optional(),
  /** An answer faster than this many seconds is a rapid guess (ADR 0033). Absent from older blueprints: the type's default. */
  rapidGuessSeconds: z.number().nonnegative().optional(),
  rubric: z.unknown(),
  gradingSystemInstruction: z.string().nullable(),
  systemInstruction: z.string().nullable(),
  initialPrompt: z.string().nullable(),
  scenarioTitle: z.string().nullable(),
  /** A reading item: reading it aloud changes what it measures (ADR 0032). Absent from older blueprints. */
  measuresReading: z.boolean().optional(),
  /** The language it is written in (ADR 0044). Absent from older blueprints: English. */
  language: z.enum(CONTENT_LANGUAGES).optional(),
});
export type SessionQuestion = z.infer<typeof sessionQuestionSchema>;

export const blueprintSchema = z.object({
  sessionId: id,
  testId: id,
  testTitle: z.string().max(TEST_LIMITS.titleChars),
  testSubject: z.string().max(TEST_LIMITS.subjectChars).nullable(),
  /** The student's id as typed at join (or the admin's id for a preview), and the class. */
  studentId: z.string().min(1).max(200),
  cohortId: id.nullable(),
  mode: z.enum(TEST_MODES),
  durationSeconds: z.number().int().positive().max(MAX_SESSION_SECONDS),
  /** Seeds the engine's exposure control: the same seed replays the same test. */
  seed: z.number().int().nonnegative(),
  aiModel: z.string().max(TEST_LIMITS.aiModelChars),
  questions: z.array(sessionQuestionSchema).min(1).max(TEST_LIMITS.questions),
  sectionOrder: z.array(id).max(TEST_LIMITS.sections),
  competencies: z.array(z.object({ id, name: z.string().max(CURRICULUM_LIMITS.competencyDescriptionChars), moduleId: id.nullable() })),
  modules: z.array(z.object({ id, name: z.string().max(CURRICULUM_LIMITS.moduleNameChars) })),
  /** competency id → the ids of its prerequisites. */
  prerequisites: z.record(z.array(id)),
  showResultDuringTest: z.boolean(),
  showFeedbackDuringTest: z.boolean(),
  /** How long an answer's feedback stays on the page (ADR 0042). Absent from older blueprints: until "Next question". */
  feedbackDisplay: z.enum(FEEDBACK_DISPLAYS).optional(),
  /**
   * Whether a model grades open answers behind the provisional grade (a model was configured when
   * the session started), decided once so a submit never reads the configuration. Absent from
   * blueprints stored before it existed: the object then asks the configuration.
   */
  modelWillGrade: z.boolean().optional(),
  /** The code that resumes this session on another device, so its question page reads no D1 (absent from older blueprints). */
  resumeCode: z.string().max(MAX_ID_LENGTH).nullable().optional(),
  /** The student's accommodations in this class, from their record (ADR 0032); the object applies them. Absent: none. */
  accommodations: accommodationsSchema.nullable().optional(),
});
export type SessionBlueprint = z.infer<typeof blueprintSchema>;

/** What the student sees of a question: never the answer key, the rubric or the grader's instructions. */
export type QuestionView = {
  id: string;
  /** 1-based position in the attempt. */
  number: number;
  text: string;
  type: SessionQuestion["type"];
  difficulty: SessionQuestion["difficulty"];
  options: string[];
  scenarioTitle: string | null;
  initialPrompt: string | null;
  timeLimitSeconds: number | null;
  /** Seconds left on this question's own timer, or null when it has none. */
  questionTimeRemaining: number | null;
  /** Some answer choices were taken away (the reduced-choices accommodation). */
  optionsReduced: boolean;
  /** Reading it aloud changes what it measures: the read-aloud control says so. */
  measuresReading: boolean;
  /** The language it is written in (ADR 0044): the page marks its text and options with it, read aloud picks a voice by it. */
  language: ContentLanguage;
};

export function questionView(
  question: SessionQuestion,
  number: number,
  questionDeadlineAt: number | null,
  now: number,
  options: SessionQuestion["options"] = question.options,
): QuestionView {
  return {
    id: question.id,
    number,
    text: question.text,
    type: question.type,
    difficulty: question.difficulty,
    options: options.map((option) => option.text),
    optionsReduced: options.length < question.options.length,
    measuresReading: question.measuresReading ?? false,
    language: question.language ?? DEFAULT_CONTENT_LANGUAGE,
    scenarioTitle: question.scenarioTitle,
    initialPrompt: question.initialPrompt,
    timeLimitSeconds: question.timeLimitSeconds,
    questionTimeRemaining: questionDeadlineAt === null ? null : Math.max(0, Math.ceil((questionDeadlineAt - now) / 1000)),
  };
}
