import { htmlToPlainText } from "./sanitize-html";

/** The question bank's and the Add Questions dialog's filters: text search, type, difficulty ("all" = any). */
export type QuestionFilterValues = { search: string; type: string; difficulty: string };

export function filterQuestions<Question extends { text: string; type: string; difficulty: string }>(
  questions: readonly Question[],
  { search, type, difficulty }: QuestionFilterValues,
): Question[] {
  const needle = search.trim().toLowerCase();
  return questions.filter(
    (question) =>
      (type === "all" || question.type === type) &&
      (difficulty === "all" || question.difficulty === difficulty) &&
      (!needle || htmlToPlainText(question.text).toLowerCase().includes(needle)),
  );
}
