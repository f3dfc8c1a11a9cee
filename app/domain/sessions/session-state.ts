import type { BeginSessionInput, CompletionReason, SessionSnapshot } from "./session-contract";

/**
 * The rules of a session's lifecycle and clock, as pure functions of the stored state and the
 * time, so the Durable Object only loads, applies and stores. Times are epoch milliseconds.
 */
export type SessionState = {
  sessionId: string;
  startedAt: number;
  deadlineAt: number;
  completedAt: number | null;
  completedReason: CompletionReason | null;
  /** Kept here (not listed from the answers) so the order is the order of answering. */
  answeredQuestionIds: string[];
};

export function startSession(input: BeginSessionInput, now: number): SessionState {
  return {
    sessionId: input.sessionId,
    startedAt: now,
    deadlineAt: now + input.durationSeconds * 1000,
    completedAt: null,
    completedReason: null,
    answeredQuestionIds: [],
  };
}

export const isCompleted = (state: SessionState) => state.completedAt !== null;

/**
 * The student ended the session themselves ("submitted"): the engine had a question waiting, since
 * its own stop completes the session at once ("stopping_rule"), so this is always an early end.
 */
export const wasEndedEarly = (reason: CompletionReason | null | undefined) => reason === "submitted";

/** Ended before the engine's stopping rule, by the student or by the clock: its unasked questions count as 0 (ADR 0012). */
export const endedBeforeStoppingRule = (reason: CompletionReason | null | undefined) => reason === "submitted" || reason === "time_up";

/** The deadline itself is already too late: the alarm set for it completes the session. */
export const isPastDeadline = (state: SessionState, now: number) => now >= state.deadlineAt;

/**
 * Whole seconds left, rounded up so the student's timer reads 0 only once answers are refused.
 * A completed session has none.
 */
export function secondsRemaining(state: SessionState, now: number): number {
  if (isCompleted(state)) return 0;
  return Math.max(0, Math.ceil((state.deadlineAt - now) / 1000));
}

/**
 * Completes the session once; a completed session is returned unchanged (the first reason
 * stands). Without a reason, a student's completion counts as time_up once the deadline passed.
 */
export function completeSession(state: SessionState, now: number, reason?: CompletionReason): SessionState {
  if (isCompleted(state)) return state;
  return {
    ...state,
    completedAt: now,
    completedReason: reason ?? (isPastDeadline(state, now) ? "time_up" : "submitted"),
  };
}

export function withAnsweredQuestion(state: SessionState, questionId: string): SessionState {
  if (state.answeredQuestionIds.includes(questionId)) return state;
  return { ...state, answeredQuestionIds: [...state.answeredQuestionIds, questionId] };
}

export function toSnapshot(state: SessionState, now: number): SessionSnapshot {
  return {
    sessionId: state.sessionId,
    startedAt: state.startedAt,
    deadlineAt: state.deadlineAt,
    completed: isCompleted(state),
    completedAt: state.completedAt,
    completedReason: state.completedReason,
    timeRemainingSeconds: secondsRemaining(state, now),
    answeredQuestionIds: [...state.answeredQuestionIds],
  };
}
