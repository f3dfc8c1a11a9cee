import { describe, expect, it } from "vitest";

import { probabilityCorrect } from "./item-model";
import { abilityCorrelations, itemReviewFlags, labelForDifficulty } from "./item-review";
import { mulberry32 } from "./random";

describe("itemReviewFlags", () => {
  it("says nothing until the item has enough answers", () => {
    expect(itemReviewFlags({ label: "easy", b: 2, responses: 29, abilityCorrelation: -0.5 })).toEqual([]);
  });

  it("flags an 'easy' item that students find hard, and a 'hard' one they find easy", () => {
    expect(itemReviewFlags({ label: "easy", b: 0.6, responses: 200, abilityCorrelation: 0.4 })).toEqual(["harder_than_label"]);
    expect(itemReviewFlags({ label: "hard", b: -0.5, responses: 200, abilityCorrelation: 0.4 })).toEqual(["easier_than_label"]);
  });

  it("does not flag an item just across a tercile cut from its label", () => {
    expect(labelForDifficulty(0.5)).toBe("hard");
    expect(itemReviewFlags({ label: "medium", b: 0.5, responses: 200, abilityCorrelation: 0.4 })).toEqual([]);
  });

  it("flags weak and negative discrimination from the item-ability correlation", () => {
    expect(itemReviewFlags({ label: "medium", b: 0, responses: 200, abilityCorrelation: 0.05 })).toEqual(["weak_discrimination"]);
    expect(itemReviewFlags({ label: "medium", b: 0, responses: 200, abilityCorrelation: -0.2 })).toEqual(["negative_discrimination"]);
    expect(itemReviewFlags({ label: "medium", b: 0, responses: 200, abilityCorrelation: null })).toEqual([]);
  });
});

describe("abilityCorrelations", () => {
  // 400 students answer 10 good items and one whose key is reversed (the weak get it right).
  const random = mulberry32(7);
  const good = Array.from({ length: 10 }, (_, index) => ({ id: `q${index}`, params: { a: 1.2, b: -1 + index * 0.2 } }));
  const params = new Map(good.map((item) => [item.id, item.params]));
  params.set("reversed", { a: 1, b: 0 });
  const sessions = Array.from({ length: 400 }, () => {
    const theta = gaussian(random);
    const answers = good.map((item) => ({ questionId: item.id, score: random() < probabilityCorrect(theta, item.params) ? 1 : 0 }));
    answers.push({ questionId: "reversed", score: random() < probabilityCorrect(-theta, { a: 1.2, b: 0 }) ? 1 : 0 });
    return answers;
  });
  const correlations = abilityCorrelations(sessions, params);

  it("is clearly positive for items that work and negative for a reversed key", () => {
    for (const item of good) expect(correlations.get(item.id)).toBeGreaterThan(0.25);
    expect(correlations.get("reversed")).toBeLessThan(-0.2);
  });

  it("is null with too few answers and ignores questions without parameters", () => {
    const few = abilityCorrelations([[{ questionId: "q0", score: 1 }], [{ questionId: "q0", score: 0 }], [{ questionId: "gone", score: 1 }]], params);
    expect(few.get("q0")).toBeNull();
    expect(few.has("gone")).toBe(false);
  });
});

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}
