import { describe, expect, it } from "vitest";

import { parseAiken } from "./aiken";

const SAMPLE = `What is the chemical symbol for water?
A. H2O
B. CO2
C. O2
ANSWER: A

Which gas do plants absorb
from the air?
A) Oxygen
B) Carbon dioxide
C) Nitrogen
D) Helium
ANSWER: B
Which of these are noble gases?
a) Neon
b) Argon
c) Chlorine
ANSWER: A, B`;

describe("parseAiken", () => {
  const { questions } = parseAiken(SAMPLE);

  it("reads A. and A) options, multi-line stems and questions without a blank line between them", () => {
    expect(questions).toHaveLength(3);
    expect(questions[0]).toEqual({
      text: "What is the chemical symbol for water?",
      type: "multiple_choice",
      difficulty: "medium",
      options: [
        { text: "H2O", isCorrect: true },
        { text: "CO2", isCorrect: false },
        { text: "O2", isCorrect: false },
      ],
      competency: "General",
      rubric: "",
    });
    expect(questions[1]?.text).toBe("Which gas do plants absorb\nfrom the air?");
    expect(questions[1]?.options.find((option) => option.isCorrect)?.text).toBe("Carbon dioxide");
  });

  it("reads several answer letters as multiple select", () => {
    expect(questions[2]?.type).toBe("multiple_select");
    expect(questions[2]?.options.map((option) => option.isCorrect)).toEqual([true, true, false]);
  });

  it("names the line of an answer that matches no option", () => {
    expect(() => parseAiken("Pick one\nA. x\nB. y\nANSWER: A\n\nPick two\nA. x\nB. y\nANSWER: E")).toThrow("Line 9: ANSWER: E does not match an option.");
  });

  it("names the line of a question without an answer", () => {
    expect(() => parseAiken("First?\nA. x\nB. y\nANSWER: A\n\nSecond?\nA. x\nB. y")).toThrow('Line 6: the question "Second?" has no "ANSWER:" line.');
  });

  it("rejects a stray line between options", () => {
    expect(() => parseAiken("First?\nA. x\nstray text\nB. y\nANSWER: A")).toThrow(/^Line 3: expected another option/);
  });

  it("needs two options", () => {
    expect(() => parseAiken("Lonely?\nA. x\nANSWER: A")).toThrow(/^Line 1: .*at least two options/);
  });
});
