import type { QuestionType } from "~/domain/questions/question-types";

/**
 * A question's time limit is its own, else its section's, else the
 * test's default for its type, else none. Limits are whole seconds; 0 counts as set.
 */
type TimeLimitSource = "question" | "section" | "type" | "none";

export function effectiveTimeLimit(input: {
  questionLimit?: number | null;
  sectionLimit?: number | null;
  typeDefaults?: Partial<Record<QuestionType, number>> | null;
  type: QuestionType;
}): { seconds: number | null; source: TimeLimitSource } {
  if (input.questionLimit != null) return { seconds: input.questionLimit, source: "question" };
  if (input.sectionLimit != null) return { seconds: input.sectionLimit, source: "section" };
  const typeDefault = input.typeDefaults?.[input.type];
  if (typeDefault != null) return { seconds: typeDefault, source: "type" };
  return { seconds: null, source: "none" };
}

/** "45 s", "5 min", "5 min 30 s" (a minute or more shows minutes); "No limit" for none. */
export function formatTimeLimit(seconds: number | null): string {
  if (seconds == null) return "No limit";
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}
