import type { Difficulty } from "~/domain/questions/question-types";

/**
 * The item model of the adaptive engine: two-parameter logistic,
 * D = 1. Every other part of the engine (ability estimation, selection, calibration) goes
 * through these functions.
 */
export type ItemParameters = { a: number; b: number };

/**
 * Parameters an item starts from before anyone has answered it: the teacher's label placed at
 * the tercile means of N(0, 1), discrimination 1.
 */
export const LABEL_PRIORS: Record<Difficulty, ItemParameters> = {
  easy: { a: 1, b: -1.09 },
  medium: { a: 1, b: 0 },
  hard: { a: 1, b: 1.09 },
};

/** P(correct | θ) = 1 / (1 + e^(−a(θ − b))). */
export function probabilityCorrect(theta: number, { a, b }: ItemParameters): number {
  return 1 / (1 + Math.exp(-a * (theta - b)));
}

/** Fisher information of a 2PL item at θ: a² P (1 − P). */
export function itemInformation(theta: number, item: ItemParameters): number {
  const p = probabilityCorrect(theta, item);
  return item.a * item.a * p * (1 - p);
}
