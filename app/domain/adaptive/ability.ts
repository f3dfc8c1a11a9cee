import { itemInformation, type ItemParameters } from "./item-model";

/**
 * Ability estimation: expected a posteriori (EAP) with a N(0, 1)
 * prior on a fixed grid; the standard error is the posterior standard deviation.
 *
 * The posterior is kept as log-densities over the grid, so one answer costs one pass over the
 * grid (adding that item's log-likelihood) and 60+ answers never underflow: the summary
 * subtracts the maximum before exponentiating.
 */

/** One scored answer: 1 / 0, or an AI grade / 100, which enters as a fractional Bernoulli. */
type ScoredResponse = { item: ItemParameters; score: number };

export type AbilityEstimate = { theta: number; se: number };

const GRID_POINTS = 81;
const GRID_MIN = -4;
const GRID_MAX = 4;

/** The θ the engine can report: the ends of its grid. */
export const THETA_RANGE = { min: GRID_MIN, max: GRID_MAX } as const;

/** θ at each grid point, computed once. */
export const THETA_GRID: readonly number[] = Array.from({ length: GRID_POINTS }, (_, index) => GRID_MIN + ((GRID_MAX - GRID_MIN) * index) / (GRID_POINTS - 1));

/** log N(0, 1) up to a constant (constants cancel when the posterior is normalised). */
const LOG_PRIOR: readonly number[] = THETA_GRID.map((theta) => -0.5 * theta * theta);

/** log(1 + e^x) without overflow for large x. */
function softplus(x: number): number {
  return x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x));
}

/** Scores outside [0, 1] would turn the likelihood into nonsense; clamp rather than throw. */
export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0;
  return Math.min(1, Math.max(0, score));
}

/** The log-posterior before any answer: the prior. A fresh array, safe to store in state. */
export function initialLogPosterior(): number[] {
  return LOG_PRIOR.slice();
}

/**
 * Adds one answer's log-likelihood, s·log P + (1 − s)·log(1 − P), to the log-posterior.
 * log P = −softplus(−a(θ − b)) and log(1 − P) = −softplus(a(θ − b)) stay finite at any θ.
 */
export function addResponse(logPosterior: readonly number[], response: ScoredResponse): number[] {
  const { a, b } = response.item;
  const score = clampScore(response.score);
  const next = new Array<number>(logPosterior.length);
  for (let index = 0; index < logPosterior.length; index++) {
    const z = a * (THETA_GRID[index]! - b);
    next[index] = logPosterior[index]! - score * softplus(-z) - (1 - score) * softplus(z);
  }
  return next;
}

/** The posterior mean (EAP) and standard deviation (its SE) of a log-posterior over the grid. */
export function summarizePosterior(logPosterior: readonly number[]): AbilityEstimate {
  let max = -Infinity;
  for (const value of logPosterior) if (value > max) max = value;
  let total = 0;
  let sum = 0;
  let sumOfSquares = 0;
  for (let index = 0; index < logPosterior.length; index++) {
    const weight = Math.exp(logPosterior[index]! - max);
    const theta = THETA_GRID[index]!;
    total += weight;
    sum += weight * theta;
    sumOfSquares += weight * theta * theta;
  }
  const theta = sum / total;
  const variance = Math.max(0, sumOfSquares / total - theta * theta);
  return { theta, se: Math.sqrt(variance) };
}

/** EAP estimate from a whole list of answers (the incremental form is addResponse). */
export function estimateAbility(responses: readonly ScoredResponse[]): AbilityEstimate {
  let logPosterior = initialLogPosterior();
  for (const response of responses) logPosterior = addResponse(logPosterior, response);
  return summarizePosterior(logPosterior);
}

/**
 * The Fisher-information SE, 1 / sqrt(Σ I(θ̂)), for comparison with the posterior SD: it ignores
 * the prior, so it is larger early on and Infinity before any answer.
 */
export function fisherInformationSE(theta: number, items: readonly ItemParameters[]): number {
  let information = 0;
  for (const item of items) information += itemInformation(theta, item);
  return information > 0 ? 1 / Math.sqrt(information) : Infinity;
}
