import { describe, expect, it } from "vitest";

import { completionNote, extraTimeNote, scaleScoreRange } from "./results-page";
import { studentScaleSentence } from "./results-words";

describe("scaleScoreRange", () => {
  it("is ±1.96 standard errors around the score, in whole points", () => {
    expect(scaleScoreRange(204.6, 3.1)).toEqual({ score: 205, low: 199, high: 211, margin: 6 });
    expect(scaleScoreRange(190, 0)).toEqual({ score: 190, low: 190, high: 190, margin: 0 });
  });
});

describe("studentScaleSentence", () => {
  it("says where the score most likely lies in plain words, with no statistics", () => {
    const sentence = studentScaleSentence(204.6, 3.1);
    expect(sentence).toBe("Scale score 205 (very likely between 199 and 211). The higher the number, the harder the questions you can answer.");
    expect(sentence).not.toMatch(/standard error|±|95|confidence/i);
  });
});

describe("completionNote", () => {
  it("says when time ran out, and nothing for a session the student submitted", () => {
    expect(completionNote("time_up")).toBe("finished when time ran out");
    expect(completionNote("submitted")).toBeNull();
    expect(completionNote(null)).toBeNull();
  });

  it("says when the teacher ended it, and how many minutes the teacher added (ADR 0046)", () => {
    expect(completionNote("ended_by_teacher")).toBe("ended by the teacher");
    expect(extraTimeNote(0)).toBeNull();
    expect(extraTimeNote(1)).toBe("Given 1 extra minute");
    expect(extraTimeNote(15)).toBe("Given 15 extra minutes");
  });
});
