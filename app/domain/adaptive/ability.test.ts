import { describe, expect, it } from "vitest";

import { addResponse, estimateAbility, fisherInformationSE, initialLogPosterior, summarizePosterior, THETA_GRID } from "./ability";
import { type ItemParameters, probabilityCorrect } from "./item-model";

/**
 * The posterior written out by hand, φ(θ)·Π P^s (1 − P)^(1 − s), integrated by the trapezoid
 * rule on a fine grid (8,001 points): an independent reference for the 81-point EAP.
 */
function referencePosterior(responses: { item: ItemParameters; score: number }[]) {
  const points = 8001;
  let total = 0;
  let first = 0;
  let second = 0;
  for (let index = 0; index < points; index++) {
    const theta = -6 + (12 * index) / (points - 1);
    let density = Math.exp(-0.5 * theta * theta);
    for (const { item, score } of responses) {
      const p = probabilityCorrect(theta, item);
      density *= p ** score * (1 - p) ** (1 - score);
    }
    const weight = index === 0 || index === points - 1 ? 0.5 : 1;
    total += weight * density;
    first += weight * density * theta;
    second += weight * density * theta * theta;
  }
  const mean = first / total;
  return { theta: mean, se: Math.sqrt(second / total - mean * mean) };
}

describe("EAP ability", () => {
  it("is the prior before any answer: θ̂ = 0, SE = 1", () => {
    const { theta, se } = estimateAbility([]);
    expect(theta).toBeCloseTo(0, 10);
    expect(se).toBeCloseTo(1, 2);
  });

  it("matches the hand-computed posterior for two and three items", () => {
    const twoItems = [
      { item: { a: 1.2, b: -0.5 }, score: 1 },
      { item: { a: 0.8, b: 0.7 }, score: 0 },
    ];
    const threeItems = [...twoItems, { item: { a: 1.7, b: 0.2 }, score: 1 }];
    for (const responses of [twoItems, threeItems]) {
      const expected = referencePosterior(responses);
      const actual = estimateAbility(responses);
      expect(actual.theta).toBeCloseTo(expected.theta, 3);
      expect(actual.se).toBeCloseTo(expected.se, 3);
    }
  });

  it("moves up after a right answer and down after a wrong one, and SE shrinks", () => {
    const item = { a: 1, b: 0 };
    const right = estimateAbility([{ item, score: 1 }]);
    const wrong = estimateAbility([{ item, score: 0 }]);
    expect(right.theta).toBeGreaterThan(0.3);
    expect(wrong.theta).toBeCloseTo(-right.theta, 10);
    expect(right.se).toBeLessThan(1);
  });

  it("treats a fractional score as a partial-credit Bernoulli: 0.5 on a centred item changes nothing but SE", () => {
    const half = estimateAbility([{ item: { a: 1, b: 0 }, score: 0.5 }]);
    expect(half.theta).toBeCloseTo(0, 10);
    expect(half.se).toBeLessThan(estimateAbility([]).se);
    const expected = referencePosterior([{ item: { a: 1.3, b: 0.4 }, score: 0.8 }]);
    const actual = estimateAbility([{ item: { a: 1.3, b: 0.4 }, score: 0.8 }]);
    expect(actual.theta).toBeCloseTo(expected.theta, 3);
  });

  it("stays finite and inside the grid with 80 all-correct or all-wrong answers", () => {
    const items = Array.from({ length: 80 }, (_, index) => ({ a: 2, b: -2 + index / 20 }));
    const allRight = estimateAbility(items.map((item) => ({ item, score: 1 })));
    const allWrong = estimateAbility(items.map((item) => ({ item, score: 0 })));
    expect(allRight.theta).toBeGreaterThan(2);
    expect(allRight.theta).toBeLessThanOrEqual(4);
    expect(allWrong.theta).toBeLessThan(-2);
    expect(allWrong.theta).toBeGreaterThanOrEqual(-4);
    for (const value of [allRight.se, allWrong.se]) expect(Number.isFinite(value)).toBe(true);
  });

  it("gives the same answer incrementally as all at once, and clamps scores outside [0, 1]", () => {
    const responses = [
      { item: { a: 1.1, b: 0.3 }, score: 1 },
      { item: { a: 0.9, b: -1 }, score: 0 },
    ];
    let logPosterior = initialLogPosterior();
    for (const response of responses) logPosterior = addResponse(logPosterior, response);
    expect(summarizePosterior(logPosterior)).toEqual(estimateAbility(responses));
    expect(estimateAbility([{ item: { a: 1, b: 0 }, score: 7 }])).toEqual(estimateAbility([{ item: { a: 1, b: 0 }, score: 1 }]));
    expect(THETA_GRID).toHaveLength(81);
  });
});

describe("Fisher-information SE", () => {
  it("is 1 / sqrt(Σ a²P(1 − P)) and Infinity with no items", () => {
    expect(fisherInformationSE(0, [])).toBe(Infinity);
    // Four items at θ = b with a = 1: information 4 × 1/4 = 1, SE 1.
    const items = Array.from({ length: 4 }, () => ({ a: 1, b: 0 }));
    expect(fisherInformationSE(0, items)).toBeCloseTo(1, 12);
    expect(fisherInformationSE(0, [{ a: 2, b: 0 }])).toBeCloseTo(1, 12);
  });
});
