import { describe, expect, it } from "vitest";

import { durationWords } from "./mode-expectation";
import { modeChoices } from "./test-modes";

const test = { placementDuration: 15, diagnosticDuration: 25 };
const questions = (count: number, competencies: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `q${index}`, competencyId: `c${index % competencies}` }));

describe("modeChoices", () => {
  it("offers both modes with their minutes when the class fixes none, and only the class's mode when it does", () => {
    expect(modeChoices(test, questions(12, 2), null).map((mode) => [mode.value, mode.minutes])).toEqual([
      ["placement", 15],
      ["diagnostic", 25],
    ]);
    expect(modeChoices(test, questions(12, 2), "diagnostic").map((mode) => mode.value)).toEqual(["diagnostic"]);
  });

  it("never promises more questions than the test has or the engine asks", () => {
    expect(modeChoices(test, questions(3, 1), null).map((mode) => mode.questions)).toEqual(["3 questions", "3 questions"]);
    expect(modeChoices(test, questions(100, 4), null).map((mode) => mode.questions)).toEqual(["5 to 20 questions", "20 questions"]);
  });

  it("says the time and the questions to expect", () => {
    expect(modeChoices(test, questions(12, 2), "placement").map((mode) => mode.expectation)).toEqual(["Placement Test: 15 minutes, 5 to 12 questions."]);
  });

  it("states the student's own time with extended time, as the session will run it", () => {
    expect(modeChoices(test, questions(12, 2), "placement", 1.5).map((mode) => [mode.time, mode.expectation])).toEqual([
      ["22 minutes 30 seconds", "Placement Test: 22 minutes 30 seconds, with your extended time, 5 to 12 questions."],
    ]);
    expect(modeChoices(test, questions(12, 2), "diagnostic", 2)[0]!.time).toBe("50 minutes");
    expect(modeChoices(test, questions(12, 2), "placement", "unlimited")[0]!.expectation).toBe(
      "Placement Test: no time limit, with your extended time, 5 to 12 questions.",
    );
    expect([durationWords(61), durationWords(45), durationWords(60)]).toEqual(["1 minute 1 second", "45 seconds", "1 minute"]);
  });

  it("writes the modes in the student's language, plurals included (ADR 0045)", () => {
    expect(modeChoices(test, questions(12, 2), "placement", 1.5, "es").map((mode) => [mode.title, mode.summary, mode.expectation])).toEqual([
      [
        "Prueba de ubicación",
        "22 minutos y 30 segundos · de 5 a 12 preguntas",
        "Prueba de ubicación: 22 minutos y 30 segundos, con tu tiempo adicional, de 5 a 12 preguntas.",
      ],
    ]);
    expect(modeChoices(test, questions(1, 1), "diagnostic", "unlimited", "es")[0]!.expectation).toBe(
      "Prueba diagnóstica: sin límite de tiempo, con tu tiempo adicional, 1 pregunta.",
    );
    expect([durationWords(61, "es"), durationWords(60, "es")]).toEqual(["1 minuto y 1 segundo", "1 minuto"]);
  });
});
