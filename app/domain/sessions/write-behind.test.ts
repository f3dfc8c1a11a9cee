import { describe, expect, it } from "vitest";

import { finish, startAttempt, submit } from "./attempt";
import { selfCheckBlueprint } from "./self-check";
import { FLUSH_DELAY_MS, nextFlushDelayMs, sessionBehind } from "./write-behind";

describe("when a session's object writes D1", () => {
  it("waits a few seconds after a change, so a burst of answers is one write", () => {
    expect(nextFlushDelayMs(0)).toBe(FLUSH_DELAY_MS);
  });

  it("after failed writes backs off 2, 4, 8 … seconds and keeps trying at most a minute apart", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(nextFlushDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});

describe("what a session's object writes to its D1 row", () => {
  const blueprint = selfCheckBlueprint("session-1");
  const started = startAttempt(blueprint, 1_000);
  const questionId = started.current!.questionId;
  const answered = submit(started, blueprint, { questionId, answer: "4", timeSpentSeconds: 3 }, 2_000, false, []);
  if (answered.kind !== "recorded") throw new Error(`expected a recorded answer, got ${answered.kind}`);

  it("leaves the indexed completion columns alone while the session is in progress: each answer's write would rewrite their index entries", () => {
    const { record, answers } = sessionBehind(answered.state, blueprint, [questionId], 2_500);
    expect(record).not.toHaveProperty("completed");
    expect(record).not.toHaveProperty("endTime");
    expect(record).not.toHaveProperty("completionReason");
    expect(record.questionsAnswered).toBe(1);
    expect(answers.map((answer) => answer.questionId)).toEqual([questionId]);
  });

  it("sets them once the session is complete", () => {
    const { record } = sessionBehind(finish(answered.state, 3_000), blueprint, [], 3_000);
    expect(record).toMatchObject({ completed: true, endTime: new Date(3_000), completionReason: "submitted" });
  });
});
