import { describe, expect, it } from "vitest";

import type { AttemptAnswer, AttemptState } from "./attempt";
import { attemptWrites, isStoredAttempt, joinAttempt } from "./attempt-storage";

const essay = "The water cycle moves water between the oceans, the air and the land. ".repeat(60);
const answer = (questionId: string, text = essay): AttemptAnswer =>
  ({ questionId, answer: text, timeSpentSeconds: 30, answeredAt: 1, late: false, wasCorrect: true, pointsEarned: 2, maxPoints: 2 }) as unknown as AttemptAnswer;

function attemptWith(count: number): AttemptState {
  const answers = Object.fromEntries(Array.from({ length: count }, (_, index) => [`q${index}`, answer(`q${index}`)]));
  return { session: { startedAt: 0 }, engine: { theta: 0 }, current: null, answers } as unknown as AttemptState;
}

describe("an attempt in storage", () => {
  it("writes only the new answer and a head without answers when one more arrives", () => {
    const before = attemptWith(40);
    const after = { ...before, answers: { ...before.answers, q40: answer("q40") } };
    const writes = attemptWrites(after, before);
    expect(Object.keys(writes.answers)).toEqual(["q40"]);
    expect(writes.head.answerIds).toHaveLength(41);
    expect(JSON.stringify(writes.head)).not.toContain("water cycle");
    // The bytes of a submit no longer grow with the answers before it.
    const written = JSON.stringify(writes.head).length + JSON.stringify(writes.answers).length;
    expect(written).toBeLessThan(JSON.stringify(answer("q40")).length + 1_000);
    expect(JSON.stringify(after).length).toBeGreaterThan(40 * essay.length);
  });

  it("writes every answer when nothing is known to be stored in this layout (a new object, or one stored before it)", () => {
    const legacy = attemptWith(3);
    expect(isStoredAttempt(legacy)).toBe(false);
    expect(Object.keys(attemptWrites(legacy, null).answers)).toEqual(["q0", "q1", "q2"]);
  });

  it("reads back the attempt it wrote", () => {
    const state = attemptWith(3);
    const { head, answers } = attemptWrites(state, null);
    expect(isStoredAttempt(head)).toBe(true);
    expect(joinAttempt(head, new Map(Object.entries(answers)))).toEqual(state);
  });

  it("refuses a head whose answer is missing rather than losing it silently", () => {
    const { head, answers } = attemptWrites(attemptWith(2), null);
    expect(() => joinAttempt(head, new Map(Object.entries(answers).slice(0, 1)))).toThrow(/q1/);
  });
});
