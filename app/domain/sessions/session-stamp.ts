import type { SessionSnapshot } from "./session-contract";

/** What of a session the test page's screen depends on beyond the question itself: its status, its break and its clock's end. */
type StampedState = Pick<SessionSnapshot, "completed" | "completedReason" | "paused" | "deadlineAt">;

/**
 * A short mark of a session's state for the student's heartbeat (ADR 0046): the test page keeps
 * the stamp it was rendered with and reads its data again when the heartbeat answers another one.
 * It changes when the session is paused or resumed, its deadline moves (a break's end, more time)
 * or it ends; not with the clock's ticking nor with an answer, which the page itself made.
 */
export function sessionStamp(state: StampedState): string {
  const status = state.completed ? `done-${state.completedReason ?? ""}` : state.paused ? "paused" : "on";
  return `${status}.${state.deadlineAt.toString(36)}`;
}
