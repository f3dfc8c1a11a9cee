/** The five question formats and three difficulty labels of SPEC.md section 3. */
export const QUESTION_TYPES = [
  "multiple_choice",
  "multiple_select",
  "free_response",
  "scenario",
  "chat",
] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const DIFFICULTIES = ["easy", "medium", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
