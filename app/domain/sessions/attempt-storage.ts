import type { AttemptAnswer, AttemptState } from "./attempt";

/**
 * How a session's object lays its attempt out in storage: the attempt without its answers under
 * one key, and each answer under its own, so a submit writes the small head and the one answer
 * that changed instead of every answer so far (a long chat or essay each time). ADR 0010.
 */
export type StoredAttempt = Omit<AttemptState, "answers"> & { answerIds: string[] };

export const answerKey = (questionId: string) => `answer:${questionId}`;

/** The value under the attempt's key: this layout, or the earlier one that held every answer. */
export function isStoredAttempt(value: StoredAttempt | AttemptState): value is StoredAttempt {
  return Array.isArray((value as StoredAttempt).answerIds);
}

/**
 * What to write for `state`: its head, and the answers that are not in storage as they are now.
 * `previous` is the state last stored (its answers are in storage, by reference) or null when
 * nothing is known to be stored in this layout (a new attempt, or one stored in the earlier layout).
 */
export function attemptWrites(state: AttemptState, previous: AttemptState | null): { head: StoredAttempt; answers: Record<string, AttemptAnswer> } {
  const { answers, ...rest } = state;
  const changed = Object.entries(answers).filter(([questionId, answer]) => previous?.answers[questionId] !== answer);
  return { head: { ...rest, answerIds: Object.keys(answers) }, answers: Object.fromEntries(changed) };
}

/** The attempt from its head and its answers as read; an answer missing from storage is a broken store, not an empty answer. */
export function joinAttempt(head: StoredAttempt, stored: ReadonlyMap<string, AttemptAnswer>): AttemptState {
  const { answerIds, ...rest } = head;
  const answers: Record<string, AttemptAnswer> = {};
  for (const questionId of answerIds) {
    const answer = stored.get(questionId);
    if (!answer) throw new Error(`The stored attempt lists answer ${questionId} but its key is empty`);
    answers[questionId] = answer;
  }
  return { ...rest, answers };
}
