import type { Difficulty } from "~/domain/questions/question-types";

import type { AbilityEstimate } from "./ability";
import { type ItemParameters, LABEL_PRIORS, probabilityCorrect } from "./item-model";

/**
 * Calibration of item parameters ("Online calibration"): what an item's a and b have
 * learned from students' answers. This file holds the per-item state and the online (Elo-style)
 * update run after each answer; `batch-calibration.ts` holds the EM recalibration a queue job
 * runs over all answers of a test. Both produce the same state, so either can follow the other:
 * after a batch, `responses` holds the batch's count, so the online steps that follow are small
 * and refine the batch estimate rather than undo it.
 */

/** An item's calibrated parameters, stored per item; a plain object so it serializes as is. */
export type CalibratedItem = {
  a: number;
  b: number;
  /** How many answers these parameters have learned from; it sets the online step size. */
  responses: number;
};

/**
 * Bounds on the parameters. They keep an item sane when every student gets it right (or wrong),
 * where the likelihood alone would push b to ±∞; ±4 is the edge of the ability grid.
 */
export const PARAMETER_BOUNDS = { bMin: -4, bMax: 4, aMin: 0.25, aMax: 3 } as const;

export function clampB(b: number): number {
  return Math.min(PARAMETER_BOUNDS.bMax, Math.max(PARAMETER_BOUNDS.bMin, b));
}

export function clampA(a: number): number {
  return Math.min(PARAMETER_BOUNDS.aMax, Math.max(PARAMETER_BOUNDS.aMin, a));
}

/** The state of an item nobody has answered yet: its label prior. */
export function uncalibratedItem(label: Difficulty): CalibratedItem {
  const prior = LABEL_PRIORS[label];
  return { a: prior.a, b: prior.b, responses: 0 };
}

type OnlineCalibrationSettings = {
  /**
   * b's step is K = max(minimumStep, stepScale / (priorResponses + n)) after n answers: a
   * Robbins–Monro gain. One answer carries about P(1 − P) ≈ 0.2–0.25 of information on b, so
   * stepScale ≈ 1 / 0.25 makes K close to the inverse of the information gathered, and
   * priorResponses = 4 gives the label the weight of about one unit of information (b ~ N(label, 1)).
   */
  stepScale: number;
  priorResponses: number;
  /** A floor on the step so parameters can still follow an item that drifts. */
  minimumStep: number;
  /** a moves only from this many answers on: fewer say little about a slope. */
  responsesBeforeDiscrimination: number;
  /** a's step relative to b's: a slope is learned more slowly and is noisier than a location. */
  discriminationStepRatio: number;
};

const ONLINE_CALIBRATION_DEFAULTS: OnlineCalibrationSettings = {
  stepScale: 4,
  priorResponses: 4,
  minimumStep: 0.005,
  responsesBeforeDiscrimination: 50,
  discriminationStepRatio: 0.5,
};

/** The step K for an item that has learned from `responses` answers. */
export function onlineStep(responses: number, settings = ONLINE_CALIBRATION_DEFAULTS): number {
  return Math.max(settings.minimumStep, settings.stepScale / (settings.priorResponses + responses));
}

/**
 * The chance of success the student's whole posterior predicts, E[P(θ)] for θ ~ N(θ̂, se²), by
 * the logistic–normal approximation σ(a(θ̂ − b) / √(1 + π a² se² / 8)). Comparing answers with
 * P(θ̂) instead would bias b toward the middle whenever θ̂ is uncertain (early in a test, and
 * always on the first item, chosen at θ̂ = 0 for everyone); the predictive chance does not.
 */
export function predictedScore({ theta, se }: AbilityEstimate, item: ItemParameters): number {
  const shrink = Math.sqrt(1 + (Math.PI * item.a * item.a * se * se) / 8);
  return probabilityCorrect(theta, { a: item.a / shrink, b: item.b });
}

/**
 * One Elo-style step after one answer: b ← b − K·(score − P̄) and, once the item has enough
 * answers, a ← a + K_a·(score − P̄)·(θ̂ − b), where P̄ is the predicted score above. Both are
 * stochastic-gradient steps on the answer's log-likelihood (a partial-credit Bernoulli, so AI
 * grades enter as fractions).
 *
 * `ability` must be the student's estimate *before* this answer counted (the one the item was
 * chosen at), so the answer does not pull the estimate it is compared with; its se is the
 * posterior SD (pass 0 when θ is known exactly).
 */
export function updateItemOnline(item: CalibratedItem, ability: AbilityEstimate, score: number, settings = ONLINE_CALIBRATION_DEFAULTS): CalibratedItem {
  const { theta, se } = ability;
  if (!Number.isFinite(theta)) throw new RangeError(`ability estimate must be finite, got ${theta}`);
  if (!(se >= 0 && Number.isFinite(se))) throw new RangeError(`standard error must be finite and ≥ 0, got ${se}`);
  if (!(score >= 0 && score <= 1)) throw new RangeError(`score must be in [0, 1], got ${score}`);
  const surprise = score - predictedScore(ability, item);
  const step = onlineStep(item.responses, settings);
  const b = clampB(item.b - step * surprise);
  const a =
    item.responses >= settings.responsesBeforeDiscrimination ? clampA(item.a + settings.discriminationStepRatio * step * surprise * (theta - item.b)) : item.a;
  return { a, b, responses: item.responses + 1 };
}
