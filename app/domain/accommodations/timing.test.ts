import { describe, expect, it } from "vitest";

import {
  breakEndsAt,
  completeSession,
  endsBreakNow,
  isPastDeadline,
  latestDeadline,
  pauseSession,
  resumeSession,
  secondsRemaining,
  startSession,
  toSnapshot,
} from "~/domain/sessions/session-state";

import { accommodatedQuestionSeconds, accommodatedSessionSeconds, UNTIMED_SESSION_SECONDS } from "./timing";

const MINUTE = 60_000;

describe("extended time", () => {
  it("multiplies the test's clock and each question's own", () => {
    expect(accommodatedSessionSeconds(1800, 1)).toBe(1800);
    expect(accommodatedSessionSeconds(1800, 1.5)).toBe(2700);
    expect(accommodatedSessionSeconds(1801, 1.5)).toBe(2702);
    expect(accommodatedSessionSeconds(1800, 2)).toBe(3600);
    expect(accommodatedQuestionSeconds(45, 1.5)).toBe(68);
    expect(accommodatedQuestionSeconds(45, 2)).toBe(90);
    expect(accommodatedQuestionSeconds(null, 2)).toBeNull();
  });

  it("without a limit removes question timers and keeps only the abandoned-session guard", () => {
    expect(accommodatedSessionSeconds(1800, "unlimited")).toBe(UNTIMED_SESSION_SECONDS);
    expect(accommodatedQuestionSeconds(45, "unlimited")).toBeNull();
    // Even a doubled three-hour test stays inside the guard.
    expect(accommodatedSessionSeconds(180 * 60, 2)).toBeLessThanOrEqual(UNTIMED_SESSION_SECONDS);
  });
});

describe("breaks", () => {
  const start = 1_000_000;
  const withBreaks = startSession({ sessionId: "s", durationSeconds: 600, breakSeconds: 300 }, start);

  it("are refused to a student without them", () => {
    const plain = startSession({ sessionId: "s", durationSeconds: 600 }, start);
    expect(pauseSession(plain, start + MINUTE)).toEqual({ ok: false, reason: "no_breaks" });
    expect(toSnapshot(plain, start).breakSecondsLeft).toBeNull();
  });

  it("stop the clock while paused and move the deadline on by the break at resume", () => {
    const paused = pauseSession(withBreaks, start + 2 * MINUTE);
    if (!paused.ok) throw new Error("refused");
    expect(secondsRemaining(paused.state, start + 2 * MINUTE)).toBe(480);
    // Three minutes later the clock still reads eight minutes, and the deadline has not passed.
    expect(secondsRemaining(paused.state, start + 5 * MINUTE)).toBe(480);
    expect(isPastDeadline(paused.state, start + 10 * MINUTE)).toBe(false);
    expect(toSnapshot(paused.state, start + 5 * MINUTE)).toMatchObject({ paused: true, breakSecondsLeft: 120 });
    expect(pauseSession(paused.state, start + 5 * MINUTE)).toEqual({ ok: false, reason: "already_paused" });

    const { state: resumed, shiftMs } = resumeSession(paused.state, start + 5 * MINUTE);
    expect(shiftMs).toBe(3 * MINUTE);
    expect(resumed.deadlineAt).toBe(start + 13 * MINUTE);
    expect(toSnapshot(resumed, start + 5 * MINUTE)).toMatchObject({ paused: false, breakSecondsLeft: 120, timeRemainingSeconds: 480 });
  });

  it("keep the clock stopped past the allowance until a request ends the break, never before its end", () => {
    const paused = pauseSession(withBreaks, start + 2 * MINUTE);
    if (!paused.ok) throw new Error("refused");
    // Five minutes of break allowed, ending at 7 minutes: no alarm moves the deadline meanwhile.
    expect(breakEndsAt(paused.state)).toBe(start + 7 * MINUTE);
    expect(latestDeadline(paused.state)).toBeNull();
    expect(endsBreakNow(paused.state, start + 7 * MINUTE - 1)).toBe(false);
    expect(endsBreakNow(paused.state, start + 7 * MINUTE)).toBe(true);
    // Two minutes past its end the page still says the clock is stopped, and it is.
    expect(secondsRemaining(paused.state, start + 9 * MINUTE)).toBe(480);
    expect(isPastDeadline(paused.state, start + 30 * MINUTE)).toBe(false);
    expect(toSnapshot(paused.state, start + 9 * MINUTE)).toMatchObject({ paused: true, breakSecondsLeft: 0 });
    // The request at 9 minutes ends it: the eight minutes left run from there.
    const { state: resumed } = resumeSession(paused.state, start + 9 * MINUTE);
    expect(resumed.deadlineAt).toBe(start + 17 * MINUTE);
    expect(latestDeadline(resumed)).toBe(start + 17 * MINUTE);
    expect(endsBreakNow(resumed, start + 9 * MINUTE)).toBe(false);
    expect(toSnapshot(resumed, start + 9 * MINUTE)).toMatchObject({ paused: false, breakSecondsLeft: 0, timeRemainingSeconds: 480 });
    expect(pauseSession(resumed, start + 9 * MINUTE)).toEqual({ ok: false, reason: "no_break_time_left" });
  });

  it("end with the session, and a session over cannot pause", () => {
    const paused = pauseSession(withBreaks, start + MINUTE);
    if (!paused.ok) throw new Error("refused");
    const completed = completeSession(paused.state, start + 3 * MINUTE);
    expect(completed.completedReason).toBe("submitted");
    expect(completed.breaks).toEqual({ allowedMs: 300_000, usedMs: 2 * MINUTE, pausedAt: null });
    expect(pauseSession(completed, start + 4 * MINUTE)).toEqual({ ok: false, reason: "completed" });
    expect(pauseSession(withBreaks, start + 11 * MINUTE)).toEqual({ ok: false, reason: "completed" });
  });
});
