import type { CompletionReason } from "./session-contract";

/**
 * The results page's plain sentence for a session that ended before the engine's stop (ADR 0012):
 * the student ended it, or time ran out. Null when the test ran to its end.
 */
export function earlyEndNote(session: { completedReason: CompletionReason | null; questionsAnswered: number; questionsNotAnswered: number }): string | null {
  if (session.questionsNotAnswered <= 0) return null;
  const answered = `${session.questionsAnswered} ${session.questionsAnswered === 1 ? "question" : "questions"}`;
  if (session.completedReason === "submitted")
    return `You ended this test early, after ${answered}. The questions you did not answer count as wrong in your score.`;
  if (session.completedReason === "time_up") return `Time ran out after ${answered}. The questions you did not reach count as wrong in your score.`;
  return null;
}
