import { describe, expect, it } from "vitest";

import { accommodationsSchema } from "~/domain/accommodations/accommodations";

import { type AttemptState, finish, pauseAttempt, proctorAttempt, startAttempt, submit } from "./attempt";
import { liveReport } from "./live-report";
import { selfCheckBlueprint, twoPlusTwoQuestion } from "./self-check";

const T0 = 1_000_000;
const blueprint = selfCheckBlueprint("s-live", {
  studentId: "LV-1",
  cohortId: "class-1",
  durationSeconds: 600,
  questions: ["a", "b", "c", "d"].map((id) => twoPlusTwoQuestion(id)),
  accommodations: accommodationsSchema.parse({ breaks: true, breakMinutes: 5, readAloud: true, notes: "IEP text stays on the record" }),
});

/** Answers the question being asked `afterMs` after it was served. */
function answer(state: AttemptState, afterMs: number): AttemptState {
  const now = state.current!.servedAt + afterMs;
  const outcome = submit(state, blueprint, { questionId: state.current!.questionId, answer: "4", timeSpentSeconds: afterMs / 1000 }, now, false);
  if (outcome.kind !== "recorded" && outcome.kind !== "completed") throw new Error(`not recorded: ${outcome.kind}`);
  return outcome.state;
}

describe("liveReport", () => {
  it("says where the student is at the start: question 1 of up to the test's most, the clock, the accommodations in words (never the notes)", () => {
    const report = liveReport(startAttempt(blueprint, T0), blueprint, T0, true);
    expect(report).toMatchObject({
      sessionId: "s-live",
      studentId: "LV-1",
      startedAt: T0,
      reportedAt: T0,
      lastSeenAt: T0,
      phase: "answering",
      questionNumber: 1,
      questionsAnswered: 0,
      timeRemaining: 600,
      accommodations: "breaks (up to 5 min), read aloud",
      lowEffort: false,
      score: null,
    });
    expect(report.questionsMax).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(report)).not.toContain("IEP");
  });

  it("counts the answers, builds the low-effort flag from rapid guesses, and leaves the last-seen time to a request", () => {
    let state = startAttempt(blueprint, T0);
    state = answer(state, 500);
    state = answer(state, 400);
    const report = liveReport(state, blueprint, T0 + 2000, false);
    expect(report).toMatchObject({ questionNumber: 3, questionsAnswered: 2, lowEffort: true, lastSeenAt: null });
  });

  it("is on a break with no question while paused, and finished with the score at the end", () => {
    const started = startAttempt(blueprint, T0);
    const paused = pauseAttempt(started, T0 + 1000);
    if (!paused.ok) throw new Error("the break was refused");
    expect(liveReport(paused.state, blueprint, T0 + 1000, true)).toMatchObject({ phase: "on_break", questionNumber: null });
    const done = finish(answer(started, 20_000), T0 + 30_000);
    expect(liveReport(done, blueprint, T0 + 30_000, true)).toMatchObject({
      phase: "finished",
      questionNumber: null,
      timeRemaining: 0,
      score: expect.any(Number),
    });
  });

  it("is paused by the teacher, with no question, while the teacher's pause lasts", () => {
    const held = proctorAttempt(startAttempt(blueprint, T0), blueprint, { action: "pause" }, T0 + 1000);
    if (!held.ok) throw new Error(held.message);
    expect(liveReport(held.state, blueprint, T0 + 1000, false)).toMatchObject({ phase: "paused_by_teacher", questionNumber: null, timeRemaining: 599 });
  });
});
