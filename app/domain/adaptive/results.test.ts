import { describe, expect, it } from "vitest";

import { estimateAbility } from "./ability";
import { competencyMastery, moduleRecommendations, totalScorePercent, unaskedPoints } from "./results";

describe("scores", () => {
  it("weights points by difficulty and counts AI grades as a fraction", () => {
    expect(totalScorePercent([])).toBe(0);
    // easy right (1 of 1), hard wrong (0 of 3), medium graded 50 (1 of 2): 2 of 6 points.
    const answers = [
      { difficulty: "easy" as const, score: 1 },
      { difficulty: "hard" as const, score: 0 },
      { difficulty: "medium" as const, score: 0.5 },
    ];
    expect(totalScorePercent(answers)).toBeCloseTo(100 / 3, 10);
  });

  it("counts the questions a test could still have asked at 0, at the most they could be worth", () => {
    // Two more questions could have been asked: the hard and a medium one left are the most they could be worth.
    expect(unaskedPoints(2, ["easy", "medium", "hard", "medium"])).toBe(5);
    expect(unaskedPoints(0, ["hard"])).toBe(0);
    expect(unaskedPoints(5, ["easy"])).toBe(1);
    // One easy question right, then 5 points the test could still ask: 1 of 6.
    expect(totalScorePercent([{ difficulty: "easy", score: 1 }], 5)).toBeCloseTo(100 / 6, 10);
  });
});

describe("competency mastery", () => {
  const item = { a: 1.5, b: 0 };
  const answers = [
    ...Array.from({ length: 6 }, () => ({ competencyId: "algebra", params: item, score: 1 })),
    ...Array.from({ length: 6 }, () => ({ competencyId: "geometry", params: item, score: 0 })),
  ];
  const overall = estimateAbility(answers.map((answer) => ({ item: answer.params, score: answer.score })));

  it("estimates each competency from its answers, shrunk toward the overall θ", () => {
    const mastery = competencyMastery(answers, ["algebra", "geometry", "statistics"], overall);
    expect(mastery.get("algebra")).toMatchObject({ status: "mastered", items: 6 });
    expect(mastery.get("geometry")).toMatchObject({ status: "not_mastered", items: 6 });
    // No answers: the prior, centred on the overall θ, not assessed.
    expect(mastery.get("statistics")!.theta).toBeCloseTo(overall.theta, 6);
    expect(mastery.get("statistics")!.status).toBe("not_assessed");
    // Shrinkage: a competency alone (N(0, 1) prior) would sit further out.
    const alone = estimateAbility(answers.slice(0, 6).map((a) => ({ item: a.params, score: a.score })));
    expect(mastery.get("algebra")!.theta).toBeLessThan(alone.theta);
  });

  it("recommends modules not mastered, those holding a failed competency's prerequisite first", () => {
    const mastery = competencyMastery(answers, ["algebra", "geometry", "arithmetic"], overall);
    const modules = [
      { id: "geometry-module", competencyIds: ["geometry"] },
      { id: "algebra-module", competencyIds: ["algebra"] },
      { id: "arithmetic-module", competencyIds: ["arithmetic"] },
    ];
    expect(moduleRecommendations(modules, mastery, { geometry: ["arithmetic"] })).toEqual([
      { moduleId: "arithmetic-module", label: "Recommended" },
      { moduleId: "geometry-module", label: "Recommended" },
      { moduleId: "algebra-module", label: "Mastered" },
    ]);
  });
});
