import { describe, expect, it } from "vitest";

import {
  type CalibratedItem,
  onlineStep,
  PARAMETER_BOUNDS,
  uncalibratedItem,
  updateItemOnline,
} from "./calibration";
import { probabilityCorrect } from "./item-model";
import { normalDraw, seededRandom } from "./testing/simulated-answers";

/** Runs `students` simulated students (true θ ~ N(0, 1), known to the update) through one item. */
function calibrateOneItem(start: CalibratedItem, truth: { a: number; b: number }, students: number, seed: number) {
  const random = seededRandom(seed);
  let item = start;
  for (let s = 0; s < students; s += 1) {
    const theta = normalDraw(random);
    const score = random() < probabilityCorrect(theta, truth) ? 1 : 0;
    item = updateItemOnline(item, theta, score);
  }
  return item;
}

describe("online (Elo-style) calibration", () => {
  it("starts an unanswered item from its label prior", () => {
    expect(uncalibratedItem("easy")).toEqual({ a: 1, b: -1.09, responses: 0 });
    expect(uncalibratedItem("medium")).toEqual({ a: 1, b: 0, responses: 0 });
    expect(uncalibratedItem("hard")).toEqual({ a: 1, b: 1.09, responses: 0 });
  });

  it("lowers b after an unexpected success and raises it after an unexpected failure", () => {
    const item = uncalibratedItem("medium");
    const success = updateItemOnline(item, -1, 1);
    const failure = updateItemOnline(item, 1, 0);
    expect(success.b).toBeLessThan(item.b);
    expect(failure.b).toBeGreaterThan(item.b);
    // b ← b − K·(score − P(θ̂)), K = 4 / (4 + 0) = 1 for the first answer.
    expect(success.b).toBeCloseTo(0 - (1 - probabilityCorrect(-1, item)), 12);
    expect(success.responses).toBe(1);
  });

  it("takes fractional scores: half credit at θ = b changes nothing, 0.75 moves less than full credit", () => {
    const item = uncalibratedItem("hard");
    expect(updateItemOnline(item, item.b, 0.5).b).toBeCloseTo(item.b, 12);
    const partial = updateItemOnline(item, 0, 0.75);
    const full = updateItemOnline(item, 0, 1);
    expect(partial.b).toBeLessThan(item.b);
    expect(partial.b).toBeGreaterThan(full.b);
  });

  it("shrinks its step as answers accumulate, down to a floor", () => {
    expect(onlineStep(0)).toBeGreaterThan(onlineStep(10));
    expect(onlineStep(10)).toBeGreaterThan(onlineStep(100));
    expect(onlineStep(1e9)).toBe(0.005);
  });

  it("leaves a alone until the item has 50 answers", () => {
    const young = updateItemOnline({ a: 1, b: 0, responses: 49 }, 2, 0);
    const old = updateItemOnline({ a: 1, b: 0, responses: 50 }, 2, 0);
    expect(young.a).toBe(1);
    // A failure far above b says the curve is flatter than thought.
    expect(old.a).toBeLessThan(1);
  });

  it("converges toward a known b from a wrong label (3,000 simulated students, |error| ≤ 0.15)", () => {
    const truth = { a: 1, b: 1.2 };
    const item = calibrateOneItem(uncalibratedItem("medium"), truth, 3000, 11);
    expect(Math.abs(item.b - truth.b)).toBeLessThanOrEqual(0.15);
    const easyStart = calibrateOneItem(uncalibratedItem("easy"), { a: 1, b: -0.3 }, 3000, 12);
    expect(Math.abs(easyStart.b - -0.3)).toBeLessThanOrEqual(0.15);
  });

  it("moves a toward a steep item's true discrimination", () => {
    const truth = { a: 2, b: 0.3 };
    const item = calibrateOneItem(uncalibratedItem("medium"), truth, 3000, 13);
    expect(item.a).toBeGreaterThan(1.4);
    expect(Math.abs(item.b - truth.b)).toBeLessThanOrEqual(0.15);
  });

  it("stays bounded and finite when every student gets it right, or wrong", () => {
    let allRight = uncalibratedItem("easy");
    let allWrong = uncalibratedItem("hard");
    for (let s = 0; s < 5000; s += 1) {
      allRight = updateItemOnline(allRight, -4 + (s % 9), 1);
      allWrong = updateItemOnline(allWrong, -4 + (s % 9), 0);
    }
    for (const item of [allRight, allWrong]) {
      expect(Number.isFinite(item.a) && Number.isFinite(item.b)).toBe(true);
      expect(item.a).toBeGreaterThanOrEqual(PARAMETER_BOUNDS.aMin);
      expect(item.a).toBeLessThanOrEqual(PARAMETER_BOUNDS.aMax);
    }
    expect(allRight.b).toBe(PARAMETER_BOUNDS.bMin);
    expect(allWrong.b).toBe(PARAMETER_BOUNDS.bMax);
  });

  it("rejects a score outside [0, 1] or an ability that is not a number", () => {
    const item = uncalibratedItem("medium");
    expect(() => updateItemOnline(item, 0, 1.5)).toThrow(RangeError);
    expect(() => updateItemOnline(item, 0, Number.NaN)).toThrow(RangeError);
    expect(() => updateItemOnline(item, Number.NaN, 1)).toThrow(RangeError);
  });
});
