import { describe, expect, it } from "vitest";

import { retryStoredOnce } from "./self-check";
import type { SubmitResult } from "./session-contract";

/** A submit's result as far as the verdict reads it. */
const answered = (outcome: "recorded" | "repeat", wasCorrect: boolean, answeredQuestionIds: string[]) =>
  ({ ok: true, outcome, answer: { wasCorrect }, view: { snapshot: { answeredQuestionIds } } }) as unknown as SubmitResult;

describe("retryStoredOnce (the health check's verdict on its probe)", () => {
  it("passes when the first answer is recorded and its retry is answered with it, one answer stored", () => {
    expect(retryStoredOnce({ ok: true, first: answered("recorded", true, ["q1"]), retry: answered("repeat", true, ["q1"]) })).toBe(true);
  });

  it("fails when the retry was graded on its own (stored twice or the second answer kept)", () => {
    expect(retryStoredOnce({ ok: true, first: answered("recorded", true, ["q1"]), retry: answered("repeat", false, ["q1"]) })).toBe(false);
    expect(retryStoredOnce({ ok: true, first: answered("recorded", true, ["q1"]), retry: answered("recorded", false, ["q1", "q2"]) })).toBe(false);
  });

  it("fails when the first answer was not recorded (a leftover made it a repeat, or it was refused)", () => {
    expect(retryStoredOnce({ ok: true, first: answered("repeat", false, ["q1"]), retry: answered("repeat", false, ["q1"]) })).toBe(false);
    expect(retryStoredOnce({ ok: true, first: { ok: false, reason: "not_begun" }, retry: { ok: false, reason: "not_begun" } })).toBe(false);
  });

  it("fails when the object refused to run the check", () => {
    expect(retryStoredOnce({ ok: false, reason: "not_the_probe" })).toBe(false);
  });
});
