import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";
import { DomainError } from "~/lib/errors";

import { refusalError } from "./session-object.server";

describe("refusalError", () => {
  it("maps each refusal of the session object to an error kind for the edge", () => {
    const kinds = [
      refusalError({ ok: false, reason: "invalid_input", message: "answer: Invalid input" }),
      refusalError({ ok: false, reason: "not_begun" }),
    ].map((error) => [error.kind, renderText("en", error.message)]);
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
        pausedByTeacher: false,
        extraMinutes: 0,
        extraMinutesToAnnounce: 0,
      },
    });
    expect(completed).toBeInstanceOf(DomainError);
    expect(completed.kind).toBe("conflict");
    // The refusal is a catalog code: the edge writes it in the request's language (ADR 0045).
    expect([renderText("en", completed.message), renderText("es", completed.message)]).toEqual([
      "This test session is already completed.",
      "Esta prueba ya terminó.",
    ]);
  });
});
