import { describe, expect, it } from "vitest";

import { expectationLine } from "./mode-expectation";
import { modeChoices } from "./test-modes";

const test = { placementDuration: 15, diagnosticDuration: 25, questionCount: 12 };

describe("modeChoices", () => {
  it("offers both modes with their minutes when the class fixes none, and only the class's mode when it does", () => {
    expect(modeChoices(test, null).map((mode) => [mode.value, mode.minutes])).toEqual([
      ["placement", 15],
      ["diagnostic", 25],
    ]);
    expect(modeChoices(test, "diagnostic").map((mode) => mode.value)).toEqual(["diagnostic"]);
  });

  it("never promises more questions than the test has or the engine asks", () => {
    expect(modeChoices(test, null).map((mode) => mode.maxQuestions)).toEqual([12, 12]);
    expect(modeChoices({ ...test, questionCount: 100 }, null).map((mode) => mode.maxQuestions)).toEqual([20, 40]);
  });

  it("says the time and the questions to expect", () => {
    expect(modeChoices(test, "placement").map(expectationLine)).toEqual(["Placement Test: 15 minutes, up to 12 questions."]);
    expect(expectationLine({ value: "placement", title: "Placement Test", minutes: 5, maxQuestions: 1 })).toBe("Placement Test: 5 minutes, 1 question.");
  });
});
