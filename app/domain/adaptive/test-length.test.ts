import { describe, expect, it } from "vitest";

import { DEFAULT_DIAGNOSTIC_RULE } from "./diagnostic";
import { DEFAULT_ENGINE_CONFIG, type EngineBank, type EngineConfig, nextEngineStep, startEngine, testLength, updateEngine } from "./engine";
import { mulberry32 } from "./random";
import type { AdaptiveItem } from "./selection";
import { DEFAULT_PLACEMENT_RULE } from "./stopping";
import { diagnosticLength, placementLength, questionCountLabel } from "./test-length";

function items(competencyId: string | null, count: number, prefix = competencyId ?? "none"): AdaptiveItem[] {
  return Array.from({ length: count }, (_, index) => ({ id: `${prefix}-${index}`, params: { a: 1, b: -1.09 + (index % 3) * 1.09 }, competencyId }));
}

/** Runs an attempt to the engine's own stop; the student answers right with probability `skill`. */
function served(config: Partial<EngineConfig>, bank: EngineBank, seed: number, skill: number): AdaptiveItem[] {
  const random = mulberry32(seed);
  let state = startEngine(seed, config);
  const given: AdaptiveItem[] = [];
  for (let step = nextEngineStep(state, bank); "question" in step; step = nextEngineStep(state, bank)) {
    given.push(step.question);
    state = updateEngine(state, {
      questionId: step.question.id,
      score: random() < skill ? 1 : 0,
      params: step.question.params,
      competencyId: step.question.competencyId,
    });
  }
  return given;
}

const fourCompetencies: EngineBank = { items: ["a", "b", "c", "d"].flatMap((competency) => items(competency, 10)), prerequisites: { b: ["a"], d: ["c"] } };

describe("test length", () => {
  it("is 5 to 20 questions for a placement, never more than the test has", () => {
    expect(placementLength(DEFAULT_PLACEMENT_RULE, 40)).toEqual({ min: 5, max: 20 });
    expect(placementLength(DEFAULT_PLACEMENT_RULE, 3)).toEqual({ min: 3, max: 3 });
  });

  it("makes a diagnostic at least as long as the longest placement on the same test", () => {
    // Four competencies × 3 items would be 12, shorter than a placement's 20.
    expect(diagnosticLength(DEFAULT_DIAGNOSTIC_RULE, DEFAULT_PLACEMENT_RULE, fourCompetencies)).toEqual({ min: 20, max: 20 });
    // Ten competencies need 30 to cover, more than a placement.
    const wide = { items: Array.from({ length: 10 }, (_, index) => items(`c${index}`, 4)).flat() };
    expect(diagnosticLength(DEFAULT_DIAGNOSTIC_RULE, DEFAULT_PLACEMENT_RULE, wide)).toEqual({ min: 20, max: 30 });
  });

  it("says how many questions to expect", () => {
    expect(questionCountLabel({ min: 20, max: 20 })).toBe("20 questions");
    expect(questionCountLabel({ min: 5, max: 20 })).toBe("5 to 20 questions");
    expect(questionCountLabel({ min: 1, max: 1 })).toBe("1 question");
  });

  it("holds on every path: the engine stops within the range, and a diagnostic is never shorter than a placement", () => {
    for (const skill of [0, 0.3, 0.6, 1]) {
      for (const seed of [1, 2, 3, 4, 5]) {
        const placement = served({ mode: "placement" }, fourCompetencies, seed, skill);
        const diagnostic = served({ mode: "diagnostic" }, fourCompetencies, seed, skill);
        const range = testLength({ ...DEFAULT_ENGINE_CONFIG, mode: "diagnostic" }, fourCompetencies);
        expect(diagnostic.length).toBeGreaterThanOrEqual(range.min);
        expect(diagnostic.length).toBeLessThanOrEqual(range.max);
        expect(diagnostic.length).toBeGreaterThanOrEqual(placement.length);
        // Every competency still gets its rule's 3 questions.
        for (const competency of ["a", "b", "c", "d"]) expect(diagnostic.filter((item) => item.competencyId === competency).length).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it("fills a covered diagnostic with the test's questions that have no competency once the others run out", () => {
    const bank: EngineBank = { items: [...items("a", 3), ...items(null, 10)] };
    const given = served({ mode: "diagnostic" }, bank, 7, 0.5);
    expect(given).toHaveLength(13);
    expect(given.slice(0, 3).every((item) => item.competencyId === "a")).toBe(true);
  });
});
