import { describe, expect, it } from "vitest";

import { isMultipleChoiceCorrect, isMultipleSelectCorrect } from "./answer-check";

describe("isMultipleChoiceCorrect", () => {
  const options = [
    { text: "Paris", isCorrect: true },
    { text: "Lyon", isCorrect: false },
    { text: "Nice", isCorrect: false },
  ];

  it("accepts the correct option's text", () => {
    expect(isMultipleChoiceCorrect(options, "Paris")).toBe(true);
  });

  it("refuses a wrong option", () => {
    expect(isMultipleChoiceCorrect(options, "Lyon")).toBe(false);
  });

  it("compares the text exactly, not an index or a near match", () => {
    expect(isMultipleChoiceCorrect(options, "0")).toBe(false);
    expect(isMultipleChoiceCorrect(options, "paris")).toBe(false);
    expect(isMultipleChoiceCorrect(options, "")).toBe(false);
  });

  it("refuses everything when no option is correct", () => {
    expect(isMultipleChoiceCorrect([{ text: "A", isCorrect: false }], "A")).toBe(false);
  });
});

describe("isMultipleSelectCorrect", () => {
  const options = [
    { text: "2", isCorrect: true },
    { text: "3", isCorrect: true },
    { text: "4", isCorrect: false },
    { text: "5", isCorrect: true },
  ];

  it("accepts exactly the correct options", () => {
    expect(isMultipleSelectCorrect(options, ["2", "3", "5"])).toBe(true);
  });

  it("ignores the order of the answer", () => {
    expect(isMultipleSelectCorrect(options, ["5", "2", "3"])).toBe(true);
  });

  it("ignores the same option chosen twice", () => {
    expect(isMultipleSelectCorrect(options, ["2", "3", "5", "3"])).toBe(true);
  });

  it("refuses a subset", () => {
    expect(isMultipleSelectCorrect(options, ["2", "3"])).toBe(false);
  });

  it("refuses a subset padded to the right length with a repeat", () => {
    expect(isMultipleSelectCorrect(options, ["2", "3", "3"])).toBe(false);
  });

  it("refuses a superset", () => {
    expect(isMultipleSelectCorrect(options, ["2", "3", "4", "5"])).toBe(false);
  });

  it("refuses the right count with a wrong option", () => {
    expect(isMultipleSelectCorrect(options, ["2", "3", "4"])).toBe(false);
  });

  it("refuses an empty answer when some options are correct", () => {
    expect(isMultipleSelectCorrect(options, [])).toBe(false);
  });

  it("matches an empty answer to a question with no correct options, and nothing else", () => {
    const none = [
      { text: "A", isCorrect: false },
      { text: "B", isCorrect: false },
    ];
    expect(isMultipleSelectCorrect(none, [])).toBe(true);
    expect(isMultipleSelectCorrect(none, ["A"])).toBe(false);
  });
});
