import { describe, expect, it } from "vitest";

import { DomainError } from "~/lib/errors";

import { refusalError } from "./session-object.server";

describe("refusalError", () => {
  it("maps each refusal of the session object to an error kind for the edge", () => {
    const kinds = [
      refusalError({ ok: false, reason: "invalid_input", message: "answer: Invalid input" }),
      refusalError({ ok: false, reason: "not_begun" }),
    ].map((error) => [error.kind, error.message]);
    expect(kinds).toEqual([
      ["invalid", "answer: Invalid input"],
      ["not_found", "This test session has not started."],
    ]);
    const completed = refusalError({
      ok: false,
      reason: "completed",
      snapshot: {
        sessionId: "s1",
        startedAt: 0,
        deadlineAt: 1,
        completed: true,
        completedAt: 1,
        completedReason: "time_up",
        timeRemainingSeconds: 0,
        answeredQuestionIds: [],
        paused: false,
        breakSecondsLeft: null,
      },
    });
    expect(completed).toBeInstanceOf(DomainError);
    expect(completed.kind).toBe("conflict");
  });
});
