import { describe, expect, it } from "vitest";

import {
  ANSWER_REQUIRED,
  INTERACTION_REQUIRED,
  isCorrectScore,
  missingAnswer,
  RESPONSE_REQUIRED,
  scoreLabel,
  SELECTION_REQUIRED,
  SELECTIONS_REQUIRED,
} from "./answer-rules";

describe("missingAnswer", () => {
  it("names each type's message when nothing is given, and nothing once it is", () => {
    expect(missingAnswer("multiple_choice", [], 0)).toBe(SELECTION_REQUIRED);
    expect(missingAnswer("multiple_select", [], 0)).toBe(SELECTIONS_REQUIRED);
    expect(missingAnswer("free_response", ["   "], 0)).toBe(ANSWER_REQUIRED);
    expect(missingAnswer("scenario", [""], 0)).toBe(RESPONSE_REQUIRED);
    expect(missingAnswer("chat", [], 0)).toBe(INTERACTION_REQUIRED);
    expect(missingAnswer("multiple_select", ["2/4"], 0)).toBeNull();
    expect(missingAnswer("free_response", ["x = 14"], 0)).toBeNull();
    expect(missingAnswer("chat", [], 1)).toBeNull();
  });
});

describe("the feedback screen's words", () => {
  it("says Excellent! from 80, Good effort from 50, else Keep learning; correct from 70", () => {
    expect([100, 80, 79, 50, 49, 0].map(scoreLabel)).toEqual(["Excellent!", "Excellent!", "Good effort", "Good effort", "Keep learning", "Keep learning"]);
    expect([70, 69.9].map(isCorrectScore)).toEqual([true, false]);
  });
});
