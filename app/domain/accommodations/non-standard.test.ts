import { describe, expect, it } from "vitest";

import { accommodationsSchema, describeAccommodations, NO_ACCOMMODATIONS, readAccommodations } from "./accommodations";
import { nonStandardReasons, reducedOptionCount, reducedOptions } from "./non-standard";

const options = (correct: number, total: number) => Array.from({ length: total }, (_, index) => ({ text: `option ${index}`, isCorrect: index < correct }));
const choice = (id: string, total = 4, measuresReading = false) => ({ id, type: "multiple_choice" as const, options: options(1, total), measuresReading });
const open = (id: string, measuresReading = false) => ({ id, type: "free_response" as const, options: [], measuresReading });
const accommodations = (fields: object) => accommodationsSchema.parse(fields);

describe("reduced answer choices", () => {
  it("keeps about half the options, at least two, and every correct one with a distractor", () => {
    expect(reducedOptionCount(options(1, 4))).toBe(2);
    expect(reducedOptionCount(options(1, 5))).toBe(3);
    expect(reducedOptionCount(options(3, 5))).toBe(4);
    // Nothing to take away: one distractor or none.
    expect(reducedOptionCount(options(1, 2))).toBe(2);
    expect(reducedOptionCount(options(2, 3))).toBe(3);
  });

  it("keeps the correct options in their order, and the same session always drops the same distractors", () => {
    const given = options(2, 6);
    const reduced = reducedOptions(given, 42, "q1");
    expect(reduced).toHaveLength(3);
    expect(reduced.filter((option) => option.isCorrect).map((option) => option.text)).toEqual(["option 0", "option 1"]);
    expect(reduced.map((option) => given.indexOf(option))).toEqual([...reduced.map((option) => given.indexOf(option))].sort((a, b) => a - b));
    expect(reducedOptions(given, 42, "q1")).toEqual(reduced);
    const kept = new Set(Array.from({ length: 20 }, (_, seed) => reducedOptions(given, seed, "q1")[2]!.text));
    expect(kept.size).toBeGreaterThan(1);
  });
});

describe("the non-standard rule", () => {
  it("marks reduced choices only when a served question lost options", () => {
    const reduced = accommodations({ reducedChoices: true });
    expect(nonStandardReasons(reduced, [choice("a")])).toEqual(["reduced_choices"]);
    expect(nonStandardReasons(reduced, [choice("a", 2), open("b")])).toEqual([]);
  });

  it("marks read aloud only on a reading item", () => {
    const readAloud = accommodations({ readAloud: true });
    expect(nonStandardReasons(readAloud, [open("a"), choice("b")])).toEqual([]);
    expect(nonStandardReasons(readAloud, [open("a", true)])).toEqual(["read_aloud_reading_item"]);
  });

  it("keeps extended time, breaks, the eliminator, masking, zoom and contrast standard", () => {
    const many = accommodations({ extendedTime: "unlimited", breaks: true, eliminator: true, masking: true, zoom: 2, highContrast: true });
    expect(nonStandardReasons(many, [choice("a"), open("b", true)])).toEqual([]);
    expect(nonStandardReasons(null, [choice("a")])).toEqual([]);
  });
});

describe("accommodations", () => {
  it("are said in words, and none is None", () => {
    expect(describeAccommodations(accommodations({ extendedTime: 1.5, breaks: true, breakMinutes: 10, readAloud: true, outside: ["scribe"] }))).toEqual([
      "extended time ×1.5",
      "breaks (up to 10 min)",
      "read aloud",
      "scribe (outside the product)",
    ]);
    expect(describeAccommodations(NO_ACCOMMODATIONS)).toEqual([]);
  });

  it("refuse unknown fields and values, and read a stored row that no longer parses as none", () => {
    expect(accommodationsSchema.safeParse({ extendedTime: 3 }).success).toBe(false);
    expect(accommodationsSchema.safeParse({ extraTime: 2 }).success).toBe(false);
    expect(accommodationsSchema.safeParse({ breaks: true, breakMinutes: 500 }).success).toBe(false);
    expect(readAccommodations({ extendedTime: "lots" })).toBeNull();
    expect(readAccommodations(null)).toBeNull();
  });
});
