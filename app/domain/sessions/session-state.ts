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
  /**
   * Breaks, an accommodation (ADR 0032): the break time allowed, the time used, and the break in
   * progress. While paused both clocks stand still until the break ends: at a resume, or at the first
   * request after the allowance ran out (`endsBreakNow`), never by itself; absent, no breaks.
   */
  breaks?: { allowedMs: number; usedMs: number; pausedAt: number | null };
  /**
   * A teacher's pause (ADR 0046), in progress since this time: both clocks stand still as on a
   * break, the question is hidden, the break allowance is untouched, and only the teacher resumes.
   * Absent or null: none.
   */
  heldAt?: number | null;
  /** The minutes a teacher added to the session's clock, in all (ADR 0046); absent: none. */
  extraMinutes?: number;
  /** Minutes a teacher added that the student's page still announces: until the student's next answer. */
  extraMinutesToAnnounce?: number;
};

export function startSession(input: BeginSessionInput, now: number): SessionState {
  return {
    sessionId: input.sessionId,
    startedAt: now,
    deadlineAt: now + input.durationSeconds * 1000,
    completedAt: null,
    completedReason: null,
    answeredQuestionIds: [],
    ...(input.breakSeconds ? { breaks: { allowedMs: input.breakSeconds * 1000, usedMs: 0, pausedAt: null } } : {}),
  };
}

const onBreak = (state: SessionState) => (state.breaks?.pausedAt ?? null) !== null;

/** Paused by the teacher (ADR 0046): the student cannot resume it. */
export const isHeldByTeacher = (state: SessionState) => (state.heldAt ?? null) !== null;

/** The clocks stand still and the question is hidden: the student's break or a teacher's pause. */
export const isPaused = (state: SessionState) => onBreak(state) || isHeldByTeacher(state);

const breakLeftMs = (state: SessionState) => (state.breaks ? Math.max(0, state.breaks.allowedMs - state.breaks.usedMs) : 0);

/**
 * How far the break in progress has moved the clocks: its whole length so far. The clock restarts
 * only when the page shows it running (ADR 0042), so the time past the allowance is no test time
 * either: the page still says the clock is stopped until its request ends the break.
 */
export function breakShiftMs(state: SessionState, now: number): number {
  const pausedAt = state.breaks?.pausedAt ?? state.heldAt ?? null;
  return pausedAt === null ? 0 : Math.max(0, now - pausedAt);
}

/** The student's own break's length so far (a teacher's pause uses none of the allowance). */
const ownBreakMs = (state: SessionState, now: number) => (onBreak(state) ? breakShiftMs(state, now) : 0);

/** When the break in progress runs out of allowance; null when not on a break. */
export const breakEndsAt = (state: SessionState) => (state.breaks?.pausedAt == null ? null : state.breaks.pausedAt + breakLeftMs(state));

/** A request at `now` ends the break: its allowance has run out (the page that asks for the question, or one back after a closed laptop). */
export function endsBreakNow(state: SessionState, now: number): boolean {
  const endsAt = breakEndsAt(state);
  return endsAt !== null && !isCompleted(state) && now >= endsAt;
}

/** The deadline as the clock stands now: a break moves it on for as long as it lasts. */
const effectiveDeadline = (state: SessionState, now: number) => state.deadlineAt + breakShiftMs(state, now);

/** The deadline's time for the alarm; null on a break, when the clock stands still until a request ends it. */
export const latestDeadline = (state: SessionState) => (isPaused(state) ? null : state.deadlineAt);

type PauseRefusal = "no_breaks" | "no_break_time_left" | "already_paused" | "completed" | "held_by_teacher";

/** Each refusal's catalog code (the `session` area): the edge writes it in the request's language (ADR 0045). */
export const PAUSE_REFUSALS: Record<PauseRefusal, string> = {
  no_breaks: "session.noBreaks",
  no_break_time_left: "session.noBreakTimeLeft",
  already_paused: "session.alreadyPaused",
  completed: "session.completed",
  held_by_teacher: "session.heldByTeacher",
};

/** Starts a break, when the student has break time left; both clocks stop (`breakShiftMs`). */
export function pauseSession(state: SessionState, now: number): { ok: true; state: SessionState } | { ok: false; reason: PauseRefusal } {
  if (isCompleted(state) || isPastDeadline(state, now)) return { ok: false, reason: "completed" };
  if (isHeldByTeacher(state)) return { ok: false, reason: "held_by_teacher" };
  if (!state.breaks) return { ok: false, reason: "no_breaks" };
  if (isPaused(state)) return { ok: false, reason: "already_paused" };
  if (breakLeftMs(state) <= 0) return { ok: false, reason: "no_break_time_left" };
  return { ok: true, state: { ...state, breaks: { ...state.breaks, pausedAt: now } } };
}

/** Ends the break in progress: the deadline moves on by its whole length, which counts as used. `shiftMs` moves the question's timer too. */
export function resumeSession(state: SessionState, now: number): { state: SessionState; shiftMs: number } {
  if (!state.breaks || !onBreak(state)) return { state, shiftMs: 0 };
  const shiftMs = breakShiftMs(state, now);
  return {
    state: { ...state, deadlineAt: state.deadlineAt + shiftMs, breaks: { ...state.breaks, usedMs: state.breaks.usedMs + shiftMs, pausedAt: null } },
    shiftMs,
  };
}

export const isCompleted = (state: SessionState) => state.completedAt !== null;

/**
 * The student ended the session themselves ("submitted"): the engine had a question waiting, since
 * its own stop completes the session at once ("stopping_rule"), so this is always an early end.
 */
export const wasEndedEarly = (reason: CompletionReason | null | undefined) => reason === "submitted";

/**
 * Ended before the engine's stopping rule, by the student, by the clock or by the teacher (ADR
 * 0046): its unasked questions count as 0 (ADR 0012).
 */
export const endedBeforeStoppingRule = (reason: CompletionReason | null | undefined) =>
  reason === "submitted" || reason === "time_up" || reason === "ended_by_teacher";

/** The deadline itself is already too late: the alarm set for it completes the session. */
export const isPastDeadline = (state: SessionState, now: number) => now >= effectiveDeadline(state, now);

/**
 * Whole seconds left, rounded up so the student's timer reads 0 only once answers are refused.
 * A completed session has none.
 */
export function secondsRemaining(state: SessionState, now: number): number {
  if (isCompleted(state)) return 0;
  return Math.max(0, Math.ceil((effectiveDeadline(state, now) - now) / 1000));
}

/**
 * Completes the session once; a completed session is returned unchanged (the first reason
 * stands). Without a reason, a student's completion counts as time_up once the deadline passed.
 */
export function completeSession(state: SessionState, now: number, reason?: CompletionReason): SessionState {
  if (isCompleted(state)) return state;
  return {
    // A break or a teacher's pause in progress ends with the session.
    ...releaseHold(resumeSession(state, now).state, now).state,
    completedAt: now,
    completedReason: reason ?? (isPastDeadline(state, now) ? "time_up" : "submitted"),
  };
}

/** An answer is recorded: the added minutes have been announced on the page that took it. */
export function withAnsweredQuestion(state: SessionState, questionId: string): SessionState {
  if (state.answeredQuestionIds.includes(questionId)) return state;
  const { extraMinutesToAnnounce: _announced, ...rest } = state;
  return { ...rest, answeredQuestionIds: [...state.answeredQuestionIds, questionId] };
}

type ProctorRefusal = "completed" | "already_held" | "not_held" | "untimed";

/** Each refusal of a teacher's action in the teacher's words, answered as 409 (ADR 0046). */
export const PROCTOR_REFUSALS: Record<ProctorRefusal, string> = {
  completed: "This test session is already over.",
  already_held: "This test session is already paused by the teacher.",
  not_held: "This test session is not paused by the teacher, so there is nothing to resume.",
  untimed: "This test session has no time limit (an accommodation), so there is no time to add.",
};

/** `shiftMs`: how far a pause that ended here moved the clocks (the question's timer moves with them). */
type ProctorOutcome = { ok: true; state: SessionState; shiftMs?: number } | { ok: false; reason: ProctorRefusal };

const isOver = (state: SessionState, now: number) => isCompleted(state) || isPastDeadline(state, now);

/**
 * A teacher's pause: both clocks stop until the teacher resumes. A break of the student's in
 * progress ends here (its time so far counts as used, as at a resume) and the pause goes on from it.
 */
export function holdSession(state: SessionState, now: number): ProctorOutcome {
  if (isOver(state, now)) return { ok: false, reason: "completed" };
  if (isHeldByTeacher(state)) return { ok: false, reason: "already_held" };
  const { state: afterBreak, shiftMs } = resumeSession(state, now);
  return { ok: true, state: { ...afterBreak, heldAt: now }, shiftMs };
}

/** The teacher's pause ends: the deadline moves on by its length, which uses none of the break allowance. */
function releaseHold(state: SessionState, now: number): { state: SessionState; shiftMs: number } {
  if (!isHeldByTeacher(state)) return { state, shiftMs: 0 };
  const shiftMs = breakShiftMs(state, now);
  return { state: { ...state, deadlineAt: state.deadlineAt + shiftMs, heldAt: null }, shiftMs };
}

/** The teacher resumes their own pause; a student's break, or no pause, is not theirs to resume. */
export function releaseSession(state: SessionState, now: number): ProctorOutcome {
  if (isCompleted(state)) return { ok: false, reason: "completed" };
  if (!isHeldByTeacher(state)) return { ok: false, reason: "not_held" };
  return { ok: true, ...releaseHold(state, now) };
}

/** The most minutes a teacher adds at once. */
export const MAX_EXTRA_MINUTES = 120;

/**
 * The teacher adds minutes to the session's clock: the deadline moves on, the session records
 * them for the results ("given N extra minutes") and the student's page announces them.
 * `untimed`: the session runs without a time limit (an accommodation), so there is no clock to extend.
 */
export function extendSession(state: SessionState, minutes: number, now: number, untimed: boolean): ProctorOutcome {
  if (isOver(state, now)) return { ok: false, reason: "completed" };
  if (untimed) return { ok: false, reason: "untimed" };
  return {
    ok: true,
    state: {
      ...state,
      deadlineAt: state.deadlineAt + minutes * 60_000,
      extraMinutes: (state.extraMinutes ?? 0) + minutes,
      extraMinutesToAnnounce: (state.extraMinutesToAnnounce ?? 0) + minutes,
    },
  };
}

/** The teacher ends the session now: completed as ended by the teacher, scored as an early end. */
export function endSessionByTeacher(state: SessionState, now: number): ProctorOutcome {
  if (isOver(state, now)) return { ok: false, reason: "completed" };
  return { ok: true, state: completeSession(state, now, "ended_by_teacher") };
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
    paused: isPaused(state),
    pausedByTeacher: isHeldByTeacher(state),
    breakSecondsLeft: state.breaks ? Math.max(0, Math.floor((breakLeftMs(state) - ownBreakMs(state, now)) / 1000)) : null,
    extraMinutes: state.extraMinutes ?? 0,
    extraMinutesToAnnounce: state.extraMinutesToAnnounce ?? 0,
  };
}
