import { describe, expect, it } from "vitest";

import { completeSession, isPastDeadline, secondsRemaining, startSession, toSnapshot, withAnsweredQuestion } from "./session-state";

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0);
const started = () => startSession({ sessionId: "s1", durationSeconds: 900 }, T0);

describe("startSession", () => {
  it("sets the deadline the duration after the start, in progress with no answers", () => {
    expect(started()).toEqual({
      sessionId: "s1",
      startedAt: T0,
      deadlineAt: T0 + 900_000,
      completedAt: null,
      completedReason: null,
      answeredQuestionIds: [],
    });
  });
});

describe("the deadline", () => {
  it("is passed at the deadline itself, not a millisecond before", () => {
    const state = started();
    expect(isPastDeadline(state, state.deadlineAt - 1)).toBe(false);
    expect(isPastDeadline(state, state.deadlineAt)).toBe(true);
  });

  it("leaves whole seconds rounded up, so the timer shows 0 only when answers are refused", () => {
    const state = started();
    expect(secondsRemaining(state, T0)).toBe(900);
    expect(secondsRemaining(state, state.deadlineAt - 1)).toBe(1);
    expect(secondsRemaining(state, state.deadlineAt)).toBe(0);
    expect(secondsRemaining(state, state.deadlineAt + 60_000)).toBe(0);
  });

  it("leaves no time in a completed session", () => {
    expect(secondsRemaining(completeSession(started(), T0 + 1_000), T0 + 2_000)).toBe(0);
  });
});

describe("completeSession", () => {
  it("counts a student's completion before the deadline as submitted", () => {
    expect(completeSession(started(), T0 + 60_000)).toMatchObject({ completedAt: T0 + 60_000, completedReason: "submitted" });
  });

  it("counts a student's completion at or after the deadline as time_up", () => {
    const state = started();
    expect(completeSession(state, state.deadlineAt).completedReason).toBe("time_up");
  });

  it("takes the reason it is given (the alarm's time_up)", () => {
    expect(completeSession(started(), T0 + 1, "time_up").completedReason).toBe("time_up");
  });

  it("returns a completed session unchanged, so the first completion stands", () => {
    const once = completeSession(started(), T0 + 60_000);
    expect(completeSession(once, T0 + 120_000, "time_up")).toBe(once);
  });
});

describe("withAnsweredQuestion", () => {
  it("keeps question ids in the order answered, each once", () => {
    const state = withAnsweredQuestion(withAnsweredQuestion(withAnsweredQuestion(started(), "q9"), "q1"), "q9");
    expect(state.answeredQuestionIds).toEqual(["q9", "q1"]);
  });
});

describe("toSnapshot", () => {
  it("reports the session as the product's timer and results read it", () => {
    const state = withAnsweredQuestion(started(), "q1");
    expect(toSnapshot(state, T0 + 30_000)).toEqual({
      sessionId: "s1",
      startedAt: T0,
      deadlineAt: T0 + 900_000,
      completed: false,
      completedAt: null,
      completedReason: null,
      timeRemainingSeconds: 870,
      answeredQuestionIds: ["q1"],
      paused: false,
      breakSecondsLeft: null,
      pausedByTeacher: false,
      extraMinutes: 0,
      extraMinutesToAnnounce: 0,
    });
  });

  it("does not share the answered list with the state", () => {
    const state = started();
    toSnapshot(state, T0).answeredQuestionIds.push("q1");
    expect(state.answeredQuestionIds).toEqual([]);
  });
});
