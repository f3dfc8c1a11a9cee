import { describe, expect, it } from "vitest";

import { accommodationsSchema } from "~/domain/accommodations/accommodations";

import { finish, pauseAttempt, proctorAttempt, resumeAttempt, startAttempt, submit } from "./attempt";
import { selfCheckBlueprint, twoPlusTwoQuestion } from "./self-check";
import { sessionStamp } from "./session-stamp";
import { toSnapshot } from "./session-state";

const T0 = 1_000_000;
const blueprint = selfCheckBlueprint("s-stamp", {
  durationSeconds: 600,
  questions: ["a", "b", "c"].map((id) => twoPlusTwoQuestion(id)),
  accommodations: accommodationsSchema.parse({ breaks: true, breakMinutes: 5 }),
});
const stampAt = (state: ReturnType<typeof startAttempt>, now: number) => sessionStamp(toSnapshot(state.session, now));

describe("sessionStamp", () => {
  const started = startAttempt(blueprint, T0);

  it("stays the same while the clock runs and the student answers", () => {
    const outcome = submit(started, blueprint, { questionId: started.current!.questionId, answer: "4", timeSpentSeconds: 5 }, T0 + 5_000, false);
    if (outcome.kind !== "recorded") throw new Error(outcome.kind);
    expect(stampAt(outcome.state, T0 + 60_000)).toBe(stampAt(started, T0));
  });

  it("changes when a break starts, and again when it ends (the deadline moves on by the break)", () => {
    const paused = pauseAttempt(started, T0 + 10_000);
    if (!paused.ok) throw new Error(paused.reason);
    const pausedStamp = stampAt(paused.state, T0 + 10_000);
    expect(pausedStamp).not.toBe(stampAt(started, T0));
    const resumed = resumeAttempt(paused.state, T0 + 70_000);
    expect(stampAt(resumed, T0 + 70_000)).not.toBe(pausedStamp);
    expect(stampAt(resumed, T0 + 70_000)).not.toBe(stampAt(started, T0));
  });

  it("changes when the teacher pauses a student already on a break: the break's screen becomes the teacher's", () => {
    const onBreak = pauseAttempt(started, T0 + 10_000);
    if (!onBreak.ok) throw new Error(onBreak.reason);
    const held = proctorAttempt(onBreak.state, blueprint, { action: "pause" }, T0 + 20_000);
    if (!held.ok) throw new Error(held.message);
    expect(stampAt(held.state, T0 + 20_000)).not.toBe(stampAt(onBreak.state, T0 + 20_000));
  });

  it("changes when the deadline moves and when the session ends, by each reason", () => {
    const snapshot = toSnapshot(started.session, T0);
    expect(sessionStamp({ ...snapshot, deadlineAt: snapshot.deadlineAt + 5 * 60_000 })).not.toBe(sessionStamp(snapshot));
    const ended = stampAt(finish(started, T0 + 1_000), T0 + 1_000);
    expect(ended).not.toBe(stampAt(started, T0));
    expect(stampAt(finish(started, T0 + 1_000, "time_up"), T0 + 1_000)).not.toBe(ended);
  });
});
