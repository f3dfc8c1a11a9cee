import { describe, expect, it } from "vitest";

import { normalDraw, seededRandom } from "../../../tests/support/simulated-answers";
import { type CalibratedItem, onlineStep, PARAMETER_BOUNDS, predictedScore, uncalibratedItem, updateItemOnline } from "./calibration";
import { type ItemParameters, probabilityCorrect } from "./item-model";

/** Runs `students` simulated students (true θ ~ N(0, 1), known to the update) through one item. */
function calibrateOneItem(start: CalibratedItem, truth: ItemParameters, students: number, seed: number) {
  const random = seededRandom(seed);
  let item = start;
  for (let s = 0; s < students; s += 1) {
    const theta = normalDraw(random);
    const score = random() < probabilityCorrect(theta, truth) ? 1 : 0;
    item = updateItemOnline(item, { theta, se: 0 }, score);
  }
  return item;
}

/** The first item of a CAT: every student is at θ̂ = 0 with the prior's SE, whatever their θ. */
function calibrateFirstItem(truth: ItemParameters, reportedSe: number, seed: number) {
  const random = seededRandom(seed);
  let item = uncalibratedItem("medium");
  for (let s = 0; s < 3000; s += 1) {
    const score = random() < probabilityCorrect(normalDraw(random), truth) ? 1 : 0;
    item = updateItemOnline(item, { theta: 0, se: reportedSe }, score);
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
    const success = updateItemOnline(item, { theta: -1, se: 0 }, 1);
    const failure = updateItemOnline(item, { theta: 1, se: 0 }, 0);
    expect(success.b).toBeLessThan(item.b);
    expect(failure.b).toBeGreaterThan(item.b);
    // b ← b − K·(score − P(θ̂)), K = 4 / (4 + 0) = 1 for the first answer.
    expect(success.b).toBeCloseTo(0 - (1 - probabilityCorrect(-1, item)), 12);
    expect(success.responses).toBe(1);
  });

  it("takes fractional scores: half credit at θ = b changes nothing, 0.75 moves less than full credit", () => {
    const item = uncalibratedItem("hard");
    expect(updateItemOnline(item, { theta: item.b, se: 0 }, 0.5).b).toBeCloseTo(item.b, 12);
    const partial = updateItemOnline(item, { theta: 0, se: 0 }, 0.75);
    const full = updateItemOnline(item, { theta: 0, se: 0 }, 1);
    expect(partial.b).toBeLessThan(item.b);
    expect(partial.b).toBeGreaterThan(full.b);
  });

  it("shrinks its step as answers accumulate, down to a floor", () => {
    expect(onlineStep(0)).toBeGreaterThan(onlineStep(10));
    expect(onlineStep(10)).toBeGreaterThan(onlineStep(100));
    expect(onlineStep(1e9)).toBe(0.005);
  });

  it("leaves a alone until the item has 50 answers", () => {
    const young = updateItemOnline({ a: 1, b: 0, responses: 49 }, { theta: 2, se: 0 }, 0);
    const old = updateItemOnline({ a: 1, b: 0, responses: 50 }, { theta: 2, se: 0 }, 0);
    expect(young.a).toBe(1);
    // A failure far above b says the curve is flatter than thought.
    expect(old.a).toBeLessThan(1);
  });

  it("converges toward a known b from a wrong label (3,000 simulated students; mean of 4 runs within 0.1)", () => {
    const seeds = [11, 12, 13, 14];
    for (const [label, truth] of [
      ["medium", { a: 1, b: 1.2 }],
      ["easy", { a: 1, b: -0.3 }],
    ] as const) {
      const runs = seeds.map((seed) => calibrateOneItem(uncalibratedItem(label), truth, 3000, seed).b);
      // One run's b still wanders by about ±0.1 at the step floor, so judge the mean.
      expect(Math.abs(runs.reduce((sum, b) => sum + b, 0) / runs.length - truth.b)).toBeLessThanOrEqual(0.1);
      runs.forEach((b) => expect(Math.abs(b - truth.b)).toBeLessThanOrEqual(0.2));
    }
  });

  it("moves a toward a steep item's true discrimination", () => {
    const truth = { a: 2, b: 0.3 };
    const item = calibrateOneItem(uncalibratedItem("medium"), truth, 3000, 13);
    expect(item.a).toBeGreaterThan(1.4);
    expect(Math.abs(item.b - truth.b)).toBeLessThanOrEqual(0.15);
  });

  it("compares answers with the posterior's predicted score, which is P(θ̂) when θ is known", () => {
    const item = { a: 1.5, b: 0.8 };
    expect(predictedScore({ theta: 0, se: 0 }, item)).toBeCloseTo(probabilityCorrect(0, item), 12);
    // Uncertainty pulls the prediction toward one half: E[P(θ)] over N(0, 1) for this item is
    // 0.2981 by numerical integration; the approximation is within 0.005 of it.
    expect(predictedScore({ theta: 0, se: 1 }, item)).toBeCloseTo(0.2981, 2);
    expect(probabilityCorrect(0, item)).toBeLessThan(0.24);
  });

  it("learns an item's b even from students whose θ̂ is still the prior (first item of a CAT)", () => {
    const truth = { a: 1, b: 1.2 };
    const seeds = [21, 22, 23, 24];
    const honest = seeds.map((seed) => calibrateFirstItem(truth, 1, seed).b);
    // One run's b still wanders by about ±0.1 at the step floor, so judge the mean of four.
    const meanB = honest.reduce((sum, b) => sum + b, 0) / seeds.length;
    expect(Math.abs(meanB - truth.b)).toBeLessThanOrEqual(0.12);
    // Treating θ̂ = 0 as exact pulls b toward the middle (by about 1/√(1 + π/8), to ≈ 1.02):
    // the bias the SE removes. Same seeds, so each pair saw the very same answers.
    seeds.forEach((seed, i) => expect(calibrateFirstItem(truth, 0, seed).b).toBeLessThan(honest[i]! - 0.1));
  });

  it("stays bounded and finite when every student gets it right, or wrong", () => {
    let allRight = uncalibratedItem("easy");
    let allWrong = uncalibratedItem("hard");
    for (let s = 0; s < 5000; s += 1) {
      allRight = updateItemOnline(allRight, { theta: -4 + (s % 9), se: 0.3 }, 1);
      allWrong = updateItemOnline(allWrong, { theta: -4 + (s % 9), se: 0.3 }, 0);
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
    expect(() => updateItemOnline(item, { theta: 0, se: 0 }, 1.5)).toThrow(RangeError);
    expect(() => updateItemOnline(item, { theta: 0, se: 0 }, Number.NaN)).toThrow(RangeError);
    expect(() => updateItemOnline(item, { theta: Number.NaN, se: 0 }, 1)).toThrow(RangeError);
    expect(() => updateItemOnline(item, { theta: 0, se: -1 }, 1)).toThrow(RangeError);
  });
});
