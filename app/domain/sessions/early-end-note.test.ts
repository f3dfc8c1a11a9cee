import { describe, expect, it } from "vitest";

import { earlyEndNote } from "./early-end-note";

describe("earlyEndNote", () => {
  it("tells the student in plain words that they ended early and what it did to the score", () => {
    expect(earlyEndNote({ completedReason: "submitted", questionsAnswered: 1, questionsNotAnswered: 19 })).toBe(
      "You ended this test early, after 1 question. The questions you did not answer count as wrong in your score.",
    );
    expect(earlyEndNote({ completedReason: "time_up", questionsAnswered: 3, questionsNotAnswered: 17 })).toBe(
      "Time ran out after 3 questions. The questions you did not reach count as wrong in your score.",
    );
    expect(earlyEndNote({ completedReason: "ended_by_teacher", questionsAnswered: 2, questionsNotAnswered: 18 })).toBe(
      "Your teacher ended your test after 2 questions. The questions you did not reach count as wrong in your score.",
    );
    expect(earlyEndNote({ completedReason: "ended_by_teacher", questionsAnswered: 2, questionsNotAnswered: 18 }, "es")).toBe(
      "Tu maestro terminó tu prueba después de 2 preguntas. Las preguntas a las que no llegaste cuentan como incorrectas en tu puntuación.",
    );
  });

  it("says nothing when the test ran to its end", () => {
    expect(earlyEndNote({ completedReason: "stopping_rule", questionsAnswered: 20, questionsNotAnswered: 0 })).toBeNull();
    expect(earlyEndNote({ completedReason: "submitted", questionsAnswered: 20, questionsNotAnswered: 0 })).toBeNull();
  });
});
