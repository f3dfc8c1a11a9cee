import { describe, expect, it } from "vitest";

import { itemInformation, LABEL_PRIORS, probabilityCorrect } from "./item-model";

describe("the 2PL item model", () => {
  it("gives one half at θ = b and follows the logistic curve", () => {
    expect(probabilityCorrect(0.5, { a: 1.7, b: 0.5 })).toBeCloseTo(0.5, 12);
    expect(probabilityCorrect(1, { a: 1, b: 0 })).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(probabilityCorrect(-3, { a: 2, b: 0 })).toBeLessThan(0.01);
  });

  it("is most informative at θ = b, where information is a²/4", () => {
    const item = { a: 1.6, b: -0.4 };
    expect(itemInformation(item.b, item)).toBeCloseTo((1.6 * 1.6) / 4, 12);
    expect(itemInformation(item.b + 1, item)).toBeLessThan(itemInformation(item.b, item));
  });

  it("places the labels at the tercile means of N(0, 1)", () => {
    expect(LABEL_PRIORS.easy.b).toBeCloseTo(-1.09, 2);
    expect(LABEL_PRIORS.medium.b).toBe(0);
    expect(LABEL_PRIORS.hard.b).toBeCloseTo(1.09, 2);
  });
});
