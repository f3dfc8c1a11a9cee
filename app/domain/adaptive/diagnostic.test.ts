import { describe, expect, it } from "vitest";

import { competencyEstimates, DEFAULT_DIAGNOSTIC_RULE, type DiagnosticInput, diagnosticStep } from "./diagnostic";
import { type EngineBank, nextEngineStep, startEngine, updateEngine } from "./engine";
import type { AdaptiveItem } from "./selection";

function items(competencyId: string, count: number, prefix = competencyId): AdaptiveItem[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${prefix}-${index}`,
    params: { a: 1, b: -1 + index * 0.5 },
    competencyId,
  }));
}

function input(overrides: Partial<DiagnosticInput>): DiagnosticInput {
  return {
    rule: DEFAULT_DIAGNOSTIC_RULE,
    answers: [],
    administeredIds: [],
    testItems: [],
    probeItems: [],
    prerequisites: {},
    ...overrides,
  };
}

/** Answers every question of `ids` with `score`, as the engine would store them. */
function answered(pool: readonly AdaptiveItem[], ids: readonly string[], score: number) {
  return ids.map((id) => {
    const item = pool.find((candidate) => candidate.id === id)!;
    return { questionId: id, score, params: item.params, competencyId: item.competencyId };
  });
}

describe("diagnostic coverage", () => {
  const testItems = [...items("fractions", 4), ...items("decimals", 2)];

  it("targets the competency with the fewest items, and stops once each has its minimum", () => {
    const first = diagnosticStep(input({ testItems }));
    expect(first).toMatchObject({ competencyId: "fractions" });
    const ids = ["fractions-0", "fractions-1", "fractions-2"];
    const afterFractions = answered(testItems, ids, 1);
    expect(diagnosticStep(input({ testItems, answers: afterFractions, administeredIds: ids }))).toMatchObject({ competencyId: "decimals" });
    // Decimals has only 2 questions: its minimum is 2, not 3.
    const all = [...ids, "decimals-0", "decimals-1"];
    const answers = answered(testItems, all, 1);
    expect(diagnosticStep(input({ testItems, answers, administeredIds: all }))).toEqual({
      stop: "all_covered",
    });
  });

  it("stops at the maximum length", () => {
    const answers = answered(testItems, ["fractions-0"], 1);
    const rule = { ...DEFAULT_DIAGNOSTIC_RULE, maxItems: 1 };
    expect(diagnosticStep(input({ rule, testItems, answers }))).toEqual({ stop: "max_length" });
  });
});

describe("prerequisite probing", () => {
  const testItems = items("fractions", 3);
  const probeItems = [...items("division", 3, "bank-division"), ...items("counting", 3)];
  const prerequisites = { fractions: ["division"], division: ["counting"] };
  const ids = testItems.map((item) => item.id);

  it("probes the prerequisites of a competency that is not mastered, from the bank", () => {
    const answers = answered(testItems, ids, 0);
    const step = diagnosticStep(input({ testItems, probeItems, prerequisites, answers, administeredIds: ids }));
    expect(step).toMatchObject({ competencyId: "division" });
    if ("candidates" in step) {
      expect(step.candidates.every((item) => item.id.startsWith("bank-division"))).toBe(true);
    }
  });

  it("does not probe the prerequisites of a mastered competency", () => {
    const answers = answered(testItems, ids, 1);
    expect(diagnosticStep(input({ testItems, probeItems, prerequisites, answers, administeredIds: ids }))).toEqual({ stop: "all_covered" });
  });

  it("prefers the test's own questions on a prerequisite over the bank's", () => {
    const withOwn = [...testItems, ...items("division", 1, "test-division")];
    const answers = answered(withOwn, ids, 0);
    const step = diagnosticStep(input({ testItems: withOwn, probeItems, prerequisites, answers, administeredIds: ids }));
    // The test's own division question is taken for the prerequisite probe.
    expect(step).toMatchObject({ competencyId: "division" });
    if ("candidates" in step) expect(step.candidates.map((item) => item.id)).toEqual(["test-division-0"]);
  });

  it("estimates each competency from its own answers", () => {
    const estimates = competencyEstimates([...answered(testItems, ids, 1), ...answered(probeItems, ["counting-0"], 0)]);
    expect(estimates.get("fractions")!.theta).toBeGreaterThan(0.5);
    expect(estimates.get("fractions")!.items).toBe(3);
    expect(estimates.get("counting")!.theta).toBeLessThan(0);
  });
});

describe("the engine in diagnostic mode", () => {
  it("walks down the prerequisite chain for a student who fails everything", () => {
    const bank: EngineBank = {
      items: items("fractions", 3),
      probeItems: [...items("division", 3), ...items("counting", 3)],
      prerequisites: { fractions: ["division"], division: ["counting"] },
    };
    let state = startEngine(5, { mode: "diagnostic" });
    const served: string[] = [];
    for (let step = nextEngineStep(state, bank); "question" in step; step = nextEngineStep(state, bank)) {
      served.push(step.question.competencyId ?? "");
      state = updateEngine(state, { ...step.question, questionId: step.question.id, score: 0 });
    }
    expect(served).toEqual([...Array(3).fill("fractions"), ...Array(3).fill("division"), ...Array(3).fill("counting")]);
    expect(nextEngineStep(state, bank)).toEqual({ stop: "all_covered" });
  });

  it("runs as a placement test when the test has no competencies", () => {
    const bank: EngineBank = { items: items("x", 8).map(({ competencyId: _, ...rest }) => rest) };
    expect(nextEngineStep(startEngine(1, { mode: "diagnostic" }), bank)).toHaveProperty("question");
  });
});
