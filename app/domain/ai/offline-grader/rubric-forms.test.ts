import { describe, expect, it } from "vitest";

import { rubricForms } from "./rubric-forms";

describe("rubricForms", () => {
  it("reads a list of acceptable answers under its usual headings", () => {
    expect(rubricForms("Acceptable answers (any one): harmful, damaging, or bad.").acceptable).toEqual(["harmful", "damaging", "bad"]);
    expect(rubricForms("e.g., harmful, damaging, detrimental").acceptable).toEqual(["harmful", "damaging", "detrimental"]);
    expect(rubricForms("Accept: he charges $45 per hour / each hour adds $45").acceptable).toEqual(["he charges $45 per hour", "each hour adds $45"]);
  });

  it("makes only the qualified item of a short unquoted list bare", () => {
    expect(rubricForms("Do not accept: tired, relieved with no sign of joy, sad.").mustNot).toEqual([
      { text: "tired", bare: false },
      { text: "relieved sign of joy", bare: true },
      { text: "sad", bare: false },
    ]);
  });

  it("strips a criterion's lead-in and keeps what the answer must say", () => {
    expect(rubricForms("Correct answers will recognize that the water evaporated.").criteria).toEqual([["the water evaporated."]]);
    expect(rubricForms("Look for: an explanation that optimism means hopefulness").criteria).toEqual([["optimism means hopefulness"]]);
  });

  it("makes a numbered list under a heading one criterion whose points are all required, unless the heading offers alternatives", () => {
    expect(rubricForms("Full credit needs both:\n1. the word conserve\n2. a reason: they cannot refill it").criteria).toEqual([
      ["the word conserve", "they cannot refill it"],
    ]);
    expect(rubricForms("Look for an explanation using either:\n(1) the pattern\n(2) the quotient rule").criteria).toEqual([
      ["the pattern"],
      ["the quotient rule"],
    ]);
  });

  it("reads what must not appear, wherever the phrase sits", () => {
    expect(rubricForms("The answer must not say that the water disappeared or was destroyed.").mustNot).toEqual([
      { text: "the water disappeared", bare: false },
      { text: "was destroyed", bare: false },
    ]);
    expect(rubricForms('Do not accept plain "hungry", and do not accept "tired".').mustNot).toEqual([
      { text: "hungry", bare: true },
      { text: "tired", bare: false },
    ]);
    expect(rubricForms("Not acceptable: answers that say optimism means sadness.").mustNot).toEqual([{ text: "optimism means sadness", bare: false }]);
  });

  it("reads examples of incorrect answers, marking those wrong only on their own", () => {
    expect(rubricForms('Incorrect examples: "tired", "small"; "weak" with no clue.').incorrect).toEqual([
      { text: "tired", bare: false },
      { text: "small", bare: false },
      { text: "weak", bare: true },
    ]);
  });
});
