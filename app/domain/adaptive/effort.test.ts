import { describe, expect, it } from "vitest";

import { isRapidGuess, LOW_EFFORT_THRESHOLD, LOW_EFFORT_WARNING, rapidGuessThresholdSeconds, responseTimeEffort, updateTypicalSeconds } from "./effort";
import { mulberry32 } from "./random";

describe("the rapid-guess threshold", () => {
  it("is 10 % of the typical answer time, at most 10 s", () => {
    expect(rapidGuessThresholdSeconds(40, "multiple_choice")).toBeCloseTo(4, 10);
    expect(rapidGuessThresholdSeconds(12, "free_response")).toBeCloseTo(1.2, 10);
    expect(rapidGuessThresholdSeconds(300, "scenario")).toBe(10);
  });

  it("falls back to a per-type default without a typical time", () => {
    expect(rapidGuessThresholdSeconds(null, "multiple_choice")).toBe(3);
    expect(rapidGuessThresholdSeconds(null, "multiple_select")).toBe(3);
    expect(rapidGuessThresholdSeconds(null, "free_response")).toBe(5);
    expect(rapidGuessThresholdSeconds(null, "scenario")).toBe(5);
    expect(rapidGuessThresholdSeconds(null, "chat")).toBe(5);
    expect(rapidGuessThresholdSeconds(0, "chat")).toBe(5);
  });

  it("flags answers strictly faster than the threshold", () => {
    expect(isRapidGuess(2.9, 3)).toBe(true);
    expect(isRapidGuess(3, 3)).toBe(false);
  });
});

describe("the typical answer time", () => {
  it("starts at the first answer and ignores times that are not times", () => {
    expect(updateTypicalSeconds(null, 0, 42)).toBe(42);
    expect(updateTypicalSeconds(30, 5, Number.NaN)).toBe(30);
    expect(updateTypicalSeconds(30, 5, 0)).toBe(30);
    expect(updateTypicalSeconds(null, 0, -1)).toBeNull();
  });

  it("moves toward each answer by a bounded step, never past it", () => {
    expect(updateTypicalSeconds(30, 1, 31)).toBe(31);
    const afterLong = updateTypicalSeconds(30, 100, 3_600)!;
    expect(afterLong).toBeGreaterThan(30);
    expect(afterLong).toBeLessThan(30 * 1.03);
  });

  it("settles near the median of a skewed sample with a few very long answers", () => {
    const random = mulberry32(2024);
    const normal = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
    const times: number[] = [];
    let typical: number | null = null;
    for (let answer = 0; answer < 2_000; answer++) {
      // Log-normal around 30 s, one answer in twenty left open for 10 to 20 minutes.
      const seconds = random() < 0.05 ? 600 + 600 * random() : 30 * Math.exp(0.8 * normal());
      times.push(seconds);
      typical = updateTypicalSeconds(typical, answer, seconds);
    }
    const sorted = times.slice().sort((x, y) => x - y);
    const median = sorted[sorted.length / 2]!;
    const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
    expect(Math.abs(Math.log(typical! / median))).toBeLessThan(0.15);
    // The mean the long answers drag up is far off; the running median is not.
    expect(mean / median).toBeGreaterThan(1.5);
  });
});

describe("response-time effort", () => {
  it("is the share of answers that were not rapid guesses, null without answers", () => {
    expect(responseTimeEffort([])).toBeNull();
    expect(responseTimeEffort([false, false, true, false])).toBe(0.75);
    expect(responseTimeEffort(Array.from({ length: 10 }, (_, index) => index === 0))).toBe(0.9);
  });

  it("flags a session below 0.9 with a sentence a teacher can read", () => {
    expect(responseTimeEffort([true, ...Array.from({ length: 8 }, () => false)])! < LOW_EFFORT_THRESHOLD).toBe(true);
    expect(LOW_EFFORT_WARNING).toBe("This score may not reflect what the student knows.");
  });
});
