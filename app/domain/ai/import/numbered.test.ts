import { describe, expect, it } from "vitest";

import { IMPORT_FORMAT_EXAMPLE, parseNumbered } from "./numbered";

describe("parseNumbered", () => {
  it("reads the screen's own example", () => {
    const { questions, details } = parseNumbered(IMPORT_FORMAT_EXAMPLE);
    expect(details).toEqual({ title: "Fractions Check", subject: "Mathematics", gradeLevel: "5" });
    expect(questions).toHaveLength(3);
    expect(questions[0]).toEqual({
      text: "What is 1/2 + 1/4?",
      type: "multiple_choice",
      difficulty: "easy",
      options: [
        { text: "3/4", isCorrect: true },
        { text: "2/6", isCorrect: false },
        { text: "1/8", isCorrect: false },
      ],
      competency: "Adding fractions",
      rubric: "",
    });
    expect(questions[1]).toMatchObject({ type: "multiple_select", difficulty: "hard" });
    expect(questions[2]).toEqual({
      text: "Explain why 2/4 equals 1/2.",
      type: "free_response",
      difficulty: "medium",
      options: [],
      competency: "Equivalent fractions",
      rubric: "Both describe the same part of a whole; multiply top and bottom of 1/2 by 2.",
    });
  });

  it("is forgiving: 1) numbering, a. options, leading stars, Answer letters, multi-line text", () => {
    const { questions } = parseNumbered(`1) Which animal
is a mammal?
a. * Whale
b. Shark

2) Which are primary colours?
a) Red
b) Green
c) Blue
Answer: A, C

3) Describe photosynthesis.
Answer: Plants turn light, water and carbon dioxide
into sugar and oxygen.`);
    expect(questions[0]).toMatchObject({ text: "Which animal\nis a mammal?", type: "multiple_choice" });
    expect(questions[0]?.options[0]).toEqual({ text: "Whale", isCorrect: true });
    expect(questions[1]?.options.map((option) => option.isCorrect)).toEqual([true, false, true]);
    expect(questions[2]?.rubric).toBe("Plants turn light, water and carbon dioxide\ninto sugar and oxygen.");
  });

  it("reads an Answer line that repeats the correct option's text", () => {
    expect(parseNumbered("1. 2 + 2?\nA) 3\nB) 4\nAnswer: 4").questions[0]?.options[1]).toEqual({ text: "4", isCorrect: true });
  });

  it("defaults the competency to the subject, then General", () => {
    expect(parseNumbered("Subject: Biology\n1. What is a cell?").questions[0]?.competency).toBe("Biology");
    expect(parseNumbered("1. What is a cell?").questions[0]?.competency).toBe("General");
  });

  it("names the line of a problem", () => {
    expect(() => parseNumbered("Quiz about cells\n1. What is a cell?")).toThrow(/^Line 1: expected a header/);
    expect(() => parseNumbered("\n1. Pick\nA) x\nB) y")).toThrow('Line 2: mark the correct option with "*"');
    expect(() => parseNumbered("1. Pick\nA) x *\nstray\nB) y")).toThrow(/^Line 3: expected another option/);
    expect(() => parseNumbered("1. Pick\nA) x\nB) y\nAnswer: D")).toThrow(/^Line 1: "Answer: D" names option D/);
  });
});
