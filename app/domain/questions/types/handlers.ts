import type { z } from "zod";

import type { GradingResult } from "~/domain/ai/schemas";
import type { SessionQuestion } from "~/domain/sessions/blueprint";
import type { Answer } from "~/domain/sessions/session-contract";
import type { TitledMessage } from "~/domain/shell/action-result";

/** What the offline grader said about an open answer, and what the injection screen removed from it (for the grading log). */
export type OfflineGrading = { result: GradingResult; review: { flagged: boolean; reasons: string[] } };

/** How an answer was checked the moment it arrived: against the key (choice), or by the offline grader against the rubric (open). */
export type AnswerCheck = { by: "key"; correct: boolean } | { by: "rubric"; grading: OfflineGrading };

/** The two questions the offline generator drafts from the material. */
export type OfflineDraft = "cloze" | "explain";

/** The shape of an imported question's options that tells its type when its format names none. */
export type InferredShape = "no options" | "one correct" | "several correct";

/** What a type's check reads of a question, and its simulation. */
type TypedQuestion = Pick<SessionQuestion, "type" | "text" | "options" | "rubric" | "language">;
type SimulatedQuestion = Pick<SessionQuestion, "options" | "rubric">;

/**
 * Everything about one question type that is pure rules (ADR 0039): each type's folder exports one
 * of these, and `QUESTION_TYPE_HANDLERS` (./index.ts) must hold one for every type, so a type
 * without one of these parts does not compile.
 */
export type QuestionTypeHandlers = {
  /**
   * "choice": the student picks options and the key scores the answer at once; "open": the student
   * writes, the offline grader grades against the rubric at once and a model later when one is set up.
   */
  kind: "choice" | "open";
  /**
   * The form of the answer and its schema. "conversation": the answer is the student's side of the
   * chat the session object holds (ADR 0013), never a transcript the caller sends.
   */
  answer: { form: "text" | "selection" | "conversation"; schema: z.ZodType<Answer> };
  /** What the student is told on submitting no answer (the product's answer rules). */
  required: TitledMessage;
  /** Scores an answer that is neither blank nor late, and has this type's form. */
  check(question: TypedQuestion, answer: Answer): AnswerCheck;
  /** Seconds under which an answer is a rapid guess while the item has no typical time yet (ADR 0033). */
  rapidGuessDefaultSeconds: number;
  /** Whether the reduced-choices accommodation may drop this type's distractors (ADR 0032). */
  reducibleChoices: boolean;
  /** What an imported spreadsheet may write in its type column for this type, besides the type's own name (lower case, spaces for - and _). */
  importAliases: readonly string[];
  /**
   * Which imported question is this type when its format names no type (Aiken, GIFT, numbered
   * lists, a spreadsheet without a type column), by its options: none, one marked correct (or none
   * marked), several marked correct; null when no such question is. Exactly one type claims each.
   */
  inferredFrom: InferredShape | null;
  /** What the generation prompt tells the model about writing this type, or null when it says nothing. */
  generatorHint: string | null;
  /**
   * What the offline generator (no AI model) drafts as this type: "cloze", a statement from the
   * material with a term blanked out, the term among options; "explain", a statement to explain in
   * the student's own words; null when it drafts none. Exactly one type drafts each.
   */
  offlineDraft: OfflineDraft | null;
  /** The demo's simulated students (ADR 0026): how long they take and what they answer. */
  simulation: {
    /** Seconds a student of average ability takes on this type. */
    typicalSeconds: number;
    /** An answer from a student who knew it, or did not; `random` is the sitting's seeded stream. */
    answer(question: SimulatedQuestion, knewIt: boolean, random: () => number): Answer;
    /** A rapid guess: any option, or a shrug. */
    rapidGuess(question: SimulatedQuestion, random: () => number): Answer;
  };
};
