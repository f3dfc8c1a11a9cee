import { describe, expect, it } from "vitest";

import type { Difficulty } from "~/domain/questions/question-types";

import { normalDraw, seededRandom } from "../../../tests/support/simulated-answers";
import { recalibrateItems, type StudentResponse } from "./batch-calibration";
import { PARAMETER_BOUNDS, uncalibratedItem } from "./calibration";
import { type ItemParameters, LABEL_PRIORS, probabilityCorrect } from "./item-model";

type Bank = { ids: string[]; truth: ItemParameters[]; labels: Record<string, Difficulty> };

/** A bank with a ~ U(0.8, 2.0), b ~ N(0, 1) (as in the benchmark bank), labelled by terciles of b. */
function simulatedBank(size: number, random: () => number): Bank {
  const ids = Array.from({ length: size }, (_, j) => `item-${j}`);
  const truth = ids.map(() => ({ a: 0.8 + 1.2 * random(), b: normalDraw(random) }));
  const labels: Record<string, Difficulty> = {};
  ids.forEach((id, j) => {
    const b = truth[j]!.b;
    labels[id] = b < -0.43 ? "easy" : b > 0.43 ? "hard" : "medium";
  });
  return { ids, truth, labels };
}

/**
 * Students θ ~ N(0, 1) answer each item with probability `share`; `score` turns the chance of
 * success into a score (0/1 by default).
 */
function simulatedResponses(
  bank: Bank,
  students: number,
  random: () => number,
  { share = 1, score = (p: number): number => (random() < p ? 1 : 0) } = {},
): StudentResponse[] {
  const responses: StudentResponse[] = [];
  for (let s = 0; s < students; s += 1) {
    const theta = normalDraw(random);
    bank.ids.forEach((itemId, j) => {
      if (random() >= share) return;
      responses.push({ studentId: `student-${s}`, itemId, score: score(probabilityCorrect(theta, bank.truth[j]!)) });
    });
  }
  return responses;
}

function rmse(estimates: number[], truth: number[]): number {
  return Math.sqrt(estimates.reduce((sum, value, i) => sum + (value - truth[i]!) ** 2, 0) / estimates.length);
}

function recoveryErrors(bank: Bank, responses: StudentResponse[]) {
  const result = recalibrateItems(responses, bank.labels);
  const items = bank.ids.map((id) => result.items[id]!);
  return {
    result,
    bRmse: rmse(
      items.map((item) => item.b),
      bank.truth.map((item) => item.b),
    ),
    aRmse: rmse(
      items.map((item) => item.a),
      bank.truth.map((item) => item.a),
    ),
  };
}

describe("batch recalibration (EM, marginal maximum likelihood with label priors)", () => {
  it("recovers known parameters: 2,000 students × 20 items, b RMSE ≤ 0.15, a RMSE ≤ 0.20", () => {
    const random = seededRandom(2024);
    const bank = simulatedBank(20, random);
    const { result, bRmse, aRmse } = recoveryErrors(bank, simulatedResponses(bank, 2000, random));
    expect(result.converged).toBe(true);
    expect(bRmse).toBeLessThanOrEqual(0.15);
    expect(aRmse).toBeLessThanOrEqual(0.2);
    expect(result.items["item-0"]!.responses).toBe(2000);
  });

  it("recovers b from a sparse design (each student answers ~a third of the items), b RMSE ≤ 0.20", () => {
    const random = seededRandom(7);
    const bank = simulatedBank(30, random);
    const { bRmse } = recoveryErrors(bank, simulatedResponses(bank, 2000, random, { share: 1 / 3 }));
    expect(bRmse).toBeLessThanOrEqual(0.2);
  });

  it("takes fractional scores (an AI grade as a share of 4 rubric points), b RMSE ≤ 0.15", () => {
    const random = seededRandom(99);
    const bank = simulatedBank(20, random);
    const rubricScore = (p: number) => [0, 1, 2, 3].filter(() => random() < p).length / 4;
    const { bRmse } = recoveryErrors(bank, simulatedResponses(bank, 1000, random, { score: rubricScore }));
    expect(bRmse).toBeLessThanOrEqual(0.15);
  });

  it("returns every item's label prior when there are no answers", () => {
    const labels: Record<string, Difficulty> = { x: "easy", y: "medium", z: "hard" };
    const result = recalibrateItems([], labels);
    expect(result.items).toEqual({ x: uncalibratedItem("easy"), y: uncalibratedItem("medium"), z: uncalibratedItem("hard") });
  });

  it("returns the label prior for an item nobody answered, and ignores answers to unlabelled items", () => {
    const random = seededRandom(3);
    const bank = simulatedBank(10, random);
    const responses = simulatedResponses(bank, 300, random).filter((response) => response.itemId !== "item-4");
    responses.push({ studentId: "student-0", itemId: "deleted-question", score: 1 });
    const result = recalibrateItems(responses, bank.labels);
    expect(result.items["item-4"]).toEqual(uncalibratedItem(bank.labels["item-4"]!));
    expect(result.items["deleted-question"]).toBeUndefined();
    expect(result.items["item-5"]!.responses).toBe(300);
  });

  it("keeps a single student's items near their labels", () => {
    const labels: Record<string, Difficulty> = { x: "easy", y: "medium", z: "hard" };
    const responses = [
      { studentId: "only", itemId: "x", score: 1 },
      { studentId: "only", itemId: "y", score: 1 },
      { studentId: "only", itemId: "z", score: 0 },
    ];
    const { items } = recalibrateItems(responses, labels);
    for (const [id, label] of Object.entries(labels)) {
      const item = items[id]!;
      expect(Math.abs(item.b - LABEL_PRIORS[label].b)).toBeLessThan(0.5);
      expect(Math.abs(Math.log(item.a))).toBeLessThan(0.25);
    }
  });

  it("stays bounded and finite when every student gets everything right, or everything wrong", () => {
    const labels: Record<string, Difficulty> = { x: "easy", y: "medium", z: "hard" };
    const everyone = (score: number) =>
      Array.from({ length: 500 }, (_, s) => Object.keys(labels).map((itemId) => ({ studentId: `s${s}`, itemId, score }))).flat();
    const allRight = recalibrateItems(everyone(1), labels).items;
    const allWrong = recalibrateItems(everyone(0), labels).items;
    for (const id of Object.keys(labels)) {
      for (const item of [allRight[id]!, allWrong[id]!]) {
        expect(Number.isFinite(item.a) && Number.isFinite(item.b)).toBe(true);
        expect(item.b).toBeGreaterThanOrEqual(PARAMETER_BOUNDS.bMin);
        expect(item.b).toBeLessThanOrEqual(PARAMETER_BOUNDS.bMax);
        expect(item.a).toBeGreaterThanOrEqual(PARAMETER_BOUNDS.aMin);
        expect(item.a).toBeLessThanOrEqual(PARAMETER_BOUNDS.aMax);
      }
      expect(allRight[id]!.b).toBeLessThan(LABEL_PRIORS[labels[id]!].b - 1);
      expect(allWrong[id]!.b).toBeGreaterThan(LABEL_PRIORS[labels[id]!].b + 1);
    }
  });

  it("rejects a score outside [0, 1]", () => {
    expect(() => recalibrateItems([{ studentId: "s", itemId: "x", score: 2 }], { x: "easy" })).toThrow(RangeError);
  });
});
