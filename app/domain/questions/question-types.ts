/** The five question formats and three difficulty labels. */
export const QUESTION_TYPES = ["multiple_choice", "multiple_select", "free_response", "scenario", "chat"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** The open formats: the student writes the answer and the AI grades it, so only these cost anything. */
export const OPEN_QUESTION_TYPES = ["free_response", "scenario", "chat"] as const satisfies readonly QuestionType[];
export type OpenQuestionType = (typeof OPEN_QUESTION_TYPES)[number];

export function isOpenQuestionType(type: QuestionType): type is OpenQuestionType {
  return (OPEN_QUESTION_TYPES as readonly QuestionType[]).includes(type);
}

/**
 * What each type asks of a question's options (ADR 0039): an open type has none; a choice type has
 * at least two, exactly one of them correct or at least one. It is here, in the light list, because
 * the bank's form checks it in the browser; a type missing here does not compile.
 */
export const OPTION_RULES = {
  multiple_choice: "one correct",
  multiple_select: "some correct",
  free_response: "none",
  scenario: "none",
  chat: "none",
} as const satisfies { readonly [Type in QuestionType]: Type extends OpenQuestionType ? "none" : "one correct" | "some correct" };

/**
 * The control a student answers each type with, on the test page and in the bank's preview: "one",
 * the options as radio buttons; "every", as checkboxes (every answer that applies); "answer", a text
 * area; "response", a taller text area, and the question's title in its heading; "chat", the chat
 * box, whose student turns are the answer. The test page has no bytes for this map: its loader sends
 * the control as data.
 */
export type AnswerControl = "one" | "every" | "answer" | "response" | "chat";
export const ANSWER_CONTROLS = {
  multiple_choice: "one",
  multiple_select: "every",
  free_response: "answer",
  scenario: "response",
  chat: "chat",
} as const satisfies { readonly [Type in QuestionType]: Type extends OpenQuestionType ? "answer" | "response" | "chat" : "one" | "every" };

export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
