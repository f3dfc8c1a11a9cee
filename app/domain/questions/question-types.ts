/** The five question formats and three difficulty labels. */
export const QUESTION_TYPES = ["multiple_choice", "multiple_select", "free_response", "scenario", "chat"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** The open formats: the student writes the answer and the AI grades it, so only these cost anything. */
export const OPEN_QUESTION_TYPES = ["free_response", "scenario", "chat"] as const satisfies readonly QuestionType[];
export type OpenQuestionType = (typeof OPEN_QUESTION_TYPES)[number];

export function isOpenQuestionType(type: QuestionType): type is OpenQuestionType {
  return (OPEN_QUESTION_TYPES as readonly QuestionType[]).includes(type);
}

export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
