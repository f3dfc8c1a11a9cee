import { describe, expect, it } from "vitest";

import { isMultipleChoiceCorrect, isMultipleSelectCorrect } from "./answer-check";

const options = [
  { text: "2/4", isCorrect: true },
  { text: "3/6", isCorrect: true },
  { text: "2/3", isCorrect: false },
];

describe("answer checks (SPEC.md section 5)", () => {
  it("multiple choice compares the chosen option's text", () => {
    expect(isMultipleChoiceCorrect(options, "2/4")).toBe(true);
    expect(isMultipleChoiceCorrect(options, "2/3")).toBe(false);
    expect(isMultipleChoiceCorrect(options, "2/4 ")).toBe(false);
  });
  it("multiple select compares sorted sets: order and repeats do not matter, missing or extra ones do", () => {
    expect(isMultipleSelectCorrect(options, ["3/6", "2/4"])).toBe(true);
    expect(isMultipleSelectCorrect(options, ["2/4", "3/6", "2/4"])).toBe(true);
    expect(isMultipleSelectCorrect(options, ["2/4"])).toBe(false);
    expect(isMultipleSelectCorrect(options, ["2/4", "3/6", "2/3"])).toBe(false);
    expect(isMultipleSelectCorrect(options, [])).toBe(false);
  });
});
