import { mulberry32 } from "~/domain/adaptive/random";
import type { QuestionType } from "~/domain/questions/question-types";
import { questionTypeOf } from "~/domain/questions/types";

import type { Accommodations } from "./accommodations";

/**
 * Accommodations that change what an item measures make a session non-standard (ADR 0032): its
 * score stands for the student, but it is left out of item calibration and of class norms.
 * Extended time, breaks, the eliminator, masking, zoom and contrast change how a student works,
 * not what is measured, so they keep a session standard.
 */
export const NON_STANDARD_REASONS = {
  reduced_choices: "reduced answer choices",
  read_aloud_reading_item: "read aloud on a reading item",
} as const;
type NonStandardReason = keyof typeof NON_STANDARD_REASONS;

type Option = { text: string; isCorrect: boolean };
type ServedQuestion = { id: string; type: QuestionType; options: readonly Option[]; measuresReading?: boolean };

/** How many options a reduced question shows: about half, never fewer than two, and never fewer than its correct options plus one distractor. */
export function reducedOptionCount(options: readonly Option[]): number {
  const correct = options.filter((option) => option.isCorrect).length;
  const distractors = options.length - correct;
  if (distractors <= 1) return options.length;
  return Math.min(options.length, Math.max(2, Math.ceil(options.length / 2), correct + 1));
}

/** A string's 32-bit FNV-1a hash: the question's part of the seed, so each question drops its own distractors. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193);
  return value >>> 0;
}

/**
 * A choice question's options with distractors removed: every correct option stays, the
 * distractors kept are drawn by the session's seed (the same session always sees the same ones),
 * and the order is the question's.
 */
export function reducedOptions<T extends Option>(options: readonly T[], seed: number, questionId: string): T[] {
  const keep = reducedOptionCount(options);
  if (keep >= options.length) return [...options];
  const random = mulberry32((seed ^ hash(questionId)) >>> 0);
  const distractors = options.flatMap((option, index) => (option.isCorrect ? [] : [index]));
  for (let index = distractors.length - 1; index > 0; index--) {
    const swap = Math.floor(random() * (index + 1));
    [distractors[index], distractors[swap]] = [distractors[swap]!, distractors[index]!];
  }
  const correct = options.length - distractors.length;
  const kept = new Set(distractors.slice(0, keep - correct));
  return options.filter((option, index) => option.isCorrect || kept.has(index));
}

/** Whether a question is served with fewer options under these accommodations. */
export const choicesReduced = (accommodations: Accommodations, question: Pick<ServedQuestion, "type" | "options">) =>
  accommodations.reducedChoices && questionTypeOf(question.type).reducibleChoices && reducedOptionCount(question.options) < question.options.length;

/** Why a session that served these questions is non-standard; empty when it is standard. */
export function nonStandardReasons(accommodations: Accommodations | null | undefined, served: readonly ServedQuestion[]): NonStandardReason[] {
  if (!accommodations) return [];
  const reasons: NonStandardReason[] = [];
  if (served.some((question) => choicesReduced(accommodations, question))) reasons.push("reduced_choices");
  if (accommodations.readAloud && served.some((question) => question.measuresReading)) reasons.push("read_aloud_reading_item");
  return reasons;
}
