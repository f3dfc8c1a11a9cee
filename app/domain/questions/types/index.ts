import { type OpenQuestionType, QUESTION_TYPES, type QuestionType } from "~/domain/questions/question-types";
import type { TitledMessage } from "~/domain/shell/action-result";

import { chat } from "./chat";
import { freeResponse } from "./free-response";
import type { InferredShape, OfflineDraft, QuestionTypeHandlers } from "./handlers";
import { multipleChoice } from "./multiple-choice";
import { multipleSelect } from "./multiple-select";
import { scenario } from "./scenario";

/**
 * Every question type's rules, one folder each (ADR 0039). The mapped type makes a type without
 * its handlers a compile error, and holds each handler's `kind` to the open types listed in
 * question-types.ts (the light list the screens read).
 */
type Registry = { readonly [Type in QuestionType]: QuestionTypeHandlers & { kind: Type extends OpenQuestionType ? "open" : "choice" } };

export const QUESTION_TYPE_HANDLERS = {
  multiple_choice: multipleChoice,
  multiple_select: multipleSelect,
  free_response: freeResponse,
  scenario,
  chat,
} as const satisfies Registry;

/** The handlers of one question type. */
export const questionTypeOf = (type: QuestionType): QuestionTypeHandlers => QUESTION_TYPE_HANDLERS[type];

/** The message for an answer that is missing, or null when the answer may be sent: a chat needs one exchange, any other type a non-blank value. */
export function missingAnswer(type: QuestionType, answers: string[], studentTurns: number): TitledMessage | null {
  const handlers = questionTypeOf(type);
  const given = handlers.answer.form === "conversation" ? studentTurns > 0 : answers.some((value) => value.trim() !== "");
  return given ? null : handlers.required;
}

/**
 * The type of an imported question whose format names none, from its options: the one type that
 * claims their shape (no options, one correct or none marked, several correct).
 */
export function inferredQuestionType(options: readonly { isCorrect: boolean }[]): QuestionType {
  const correct = options.filter((option) => option.isCorrect).length;
  const shape: InferredShape = options.length === 0 ? "no options" : correct > 1 ? "several correct" : "one correct";
  return QUESTION_TYPES.find((type) => QUESTION_TYPE_HANDLERS[type].inferredFrom === shape)!;
}

/** The types the offline generator drafts: those whose handlers name an offline draft. */
export type OfflineDraftType = {
  [Type in QuestionType]: (typeof QUESTION_TYPE_HANDLERS)[Type]["offlineDraft"] extends null ? never : Type;
}[QuestionType];

/** The offline draft types, in the registry's order. */
export const OFFLINE_DRAFT_TYPES = QUESTION_TYPES.filter((type): type is OfflineDraftType => QUESTION_TYPE_HANDLERS[type].offlineDraft !== null);

/** Whether the offline generator drafts this type (a generation request's types are only strings to the AI provider). */
export const isOfflineDraftType = (type: string): type is OfflineDraftType => (OFFLINE_DRAFT_TYPES as readonly string[]).includes(type);

/** The type the offline generator writes a draft of this kind as. */
export const offlineDraftType = (draft: OfflineDraft): OfflineDraftType =>
  OFFLINE_DRAFT_TYPES.find((type) => QUESTION_TYPE_HANDLERS[type].offlineDraft === draft)!;
