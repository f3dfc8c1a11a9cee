import { describe, expect, it } from "vitest";

import { averageDurationMinutes, QUESTION_TYPE_COUNT } from "./dashboard";

describe("averageDurationMinutes", () => {
  it("is 0 when there are no tests", () => {
    expect(averageDurationMinutes(null)).toBe(0);
  });

  it("rounds to the nearest minute, halves up", () => {
    expect(averageDurationMinutes(15.5)).toBe(16);
    expect(averageDurationMinutes(15.4)).toBe(15);
    expect(averageDurationMinutes(15.6)).toBe(16);
  });

  it("keeps whole numbers, including 0", () => {
    expect(averageDurationMinutes(30)).toBe(30);
    expect(averageDurationMinutes(0)).toBe(0);
  });
});

describe("QUESTION_TYPE_COUNT", () => {
  it("is the five question formats", () => {
    expect(QUESTION_TYPE_COUNT).toBe(5);
  });
});
