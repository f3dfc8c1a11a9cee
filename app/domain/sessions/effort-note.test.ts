import { describe, expect, it } from "vitest";

import { effortFacts, effortInWords } from "./effort-note";

describe("a session's effort as teachers read it", () => {
  it("warns below 90% and not at or above it", () => {
    expect(effortFacts(0.85)).toEqual({ effort: 0.85, lowEffort: true, effortNote: "This score may not reflect what the student knows." });
    expect(effortFacts(0.9)).toMatchObject({ lowEffort: false, effortNote: null });
    expect(effortFacts(null)).toMatchObject({ lowEffort: false, effortNote: null });
  });

  it("says the share in words, with the warning when low", () => {
    expect(effortInWords(1)).toBe("100% of answers given with effort");
    expect(effortInWords(0.5)).toBe("50% of answers given with effort. This score may not reflect what the student knows.");
    expect(effortInWords(null)).toBeNull();
  });
});
