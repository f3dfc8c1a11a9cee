import { htmlToPlainText } from "~/domain/questions/plain-text";
import type { QuestionType } from "~/domain/questions/question-types";

/** Question text is truncated at 100 characters in lists. */
export function questionPreview(html: string, max = 100): string {
  const text = htmlToPlainText(html);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  multiple_choice: "Multiple Choice",
  multiple_select: "Multiple Select",
  free_response: "Free Response",
  scenario: "Scenario",
  chat: "AI Chat",
};

export type BankQuestionSummary = {
  id: string;
  text: string;
  type: QuestionType;
  difficulty: "easy" | "medium" | "hard";
  timeLimit: number | null;
};
