import { describe, expect, it } from "vitest";

import { type EngineState, nextEngineStep, startEngine, updateEngine } from "./engine";
import { itemInformation } from "./item-model";
import type { AdaptiveBank } from "./selection";

const bank: AdaptiveBank = {
  items: Array.from({ length: 40 }, (_, index) => ({
    id: `q${index}`,
    params: { a: 0.8 + (index % 5) * 0.3, b: -2 + index * 0.1 },
  })),
};

/** Runs a whole attempt, answering right exactly when the item is easier than `trueTheta`. */
function runAttempt(seed: number, trueTheta: number, config = {}): EngineState {
  let state = startEngine(seed, config);
  for (;;) {
    const step = nextEngineStep(state, bank);
    if ("stop" in step) return state;
    const { id, params } = step.question;
    state = updateEngine(state, {
      questionId: id,
      score: params.b < trueTheta ? 1 : 0,
      params,
    });
  }
}

describe("the engine's steps", () => {
  it("starts at the prior and serializes to JSON and back unchanged", () => {
    const state = startEngine(7);
    expect(state.theta).toBeCloseTo(0, 10);
    expect(state.answers).toEqual([]);
    const finished = runAttempt(7, 0.5);
    expect(JSON.parse(JSON.stringify(finished))).toEqual(finished);
  });

  it("is deterministic for a seed and varies across seeds", () => {
    const first = runAttempt(123, 0.5).answers.map((answer) => answer.questionId);
    expect(runAttempt(123, 0.5).answers.map((answer) => answer.questionId)).toEqual(first);
    const others = [1, 2, 3, 4, 5].map((seed) =>
      runAttempt(seed, 0.5)
        .answers.map((answer) => answer.questionId)
        .join(","),
    );
    expect(new Set([...others, first.join(",")]).size).toBeGreaterThan(1);
  });

  it("never repeats a question, stops within [min, max] and ignores a repeated answer", () => {
    const state = runAttempt(9, 1);
    const ids = state.answers.map((answer) => answer.questionId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    expect(ids.length).toBeLessThanOrEqual(20);
    const answer = {
      questionId: ids[0]!,
      score: 0,
      params: bank.items[0]!.params,
    };
    expect(updateEngine(state, answer)).toBe(state);
  });

  it("moves θ̂ toward the answers: all correct high, all wrong low", () => {
    const high = runAttempt(1, 99, { maxItems: 10, minItems: 10 });
    const low = runAttempt(1, -99, { maxItems: 10, minItems: 10 });
    expect(high.theta).toBeGreaterThan(1.5);
    expect(low.theta).toBeLessThan(-1.5);
    expect(high.answers.every((answer) => answer.score === 1)).toBe(true);
  });

  it("stops at once on an empty bank and after every item of a small one", () => {
    expect(nextEngineStep(startEngine(1), { items: [] })).toEqual({
      stop: "bank_exhausted",
    });
    const small = { items: bank.items.slice(0, 2) };
    let state = startEngine(1);
    for (const item of small.items) {
      state = updateEngine(state, {
        questionId: item.id,
        score: 1,
        params: item.params,
      });
    }
    expect(nextEngineStep(state, small)).toEqual({ stop: "bank_exhausted" });
  });

  it("takes fractional AI grades as scores", () => {
    const item = bank.items[20]!;
    const state = updateEngine(startEngine(1), {
      questionId: item.id,
      score: 0.75,
      params: item.params,
    });
    expect(state.answers[0]!.score).toBe(0.75);
    expect(state.theta).toBeGreaterThan(0);
    expect(state.theta).toBeLessThan(
      updateEngine(startEngine(1), {
        ...state.answers[0]!,
        score: 1,
        params: item.params,
      }).theta,
    );
  });
});

describe("the engine's exposure control", () => {
  // The five items most informative at the start have been served in half the sessions.
  const mostInformative = new Set(
    bank.items
      .slice()
      .sort((x, y) => itemInformation(0, y.params) - itemInformation(0, x.params))
      .slice(0, 5)
      .map((item) => item.id),
  );
  const worn = { items: bank.items.map((item) => ({ ...item, exposure: { offered: 100, served: mostInformative.has(item.id) ? 50 : 0 } })) };
  const firstQuestionId = (config = {}) => {
    const step = nextEngineStep(startEngine(3, config), worn);
    return "question" in step ? step.question.id : undefined;
  };

  it("by default passes over items above the maximum exposure rate", () => {
    // 20 of 40 items a session relaxes the 0.25 cap to 0.5, which a rate of 0.5 reaches.
    expect(mostInformative.has(firstQuestionId()!)).toBe(false);
  });

  it("serves them again when the cap is off", () => {
    expect(mostInformative.has(firstQuestionId({ maxExposureRate: null })!)).toBe(true);
  });
});
