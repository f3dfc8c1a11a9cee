import { type AbilityEstimate, THETA_RANGE } from "./ability";

/**
 * The product's published scale (ADR 0008): a scale score is 200 + 10θ, so one logit of θ is ten
 * scale points. Sessions store θ and its SE; every chart, report, export and growth figure reads the
 * scale through this module, so the constants live here once.
 */
const SCALE_CENTER = 200;
export const POINTS_PER_LOGIT = 10;

/** The scale as charts and summaries name it: "200 + 10θ". */
export const SCALE_FORMULA = `${SCALE_CENTER} + ${POINTS_PER_LOGIT}θ`;

const round1 = (value: number) => Math.round(value * 10) / 10;

/** A θ as a scale score, unrounded. */
export const scaleOfTheta = (theta: number) => SCALE_CENTER + POINTS_PER_LOGIT * theta;

/** A scale score back to θ: a scale-point target becomes a θ to simulate a student at. */
export const thetaOfScale = (scaleScore: number) => (scaleScore - SCALE_CENTER) / POINTS_PER_LOGIT;

/** An estimate on the scale as shown and reported: score and SE to a tenth of a point. */
export function scaleScoreOf({ theta, se }: AbilityEstimate): { score: number; se: number } {
  return { score: round1(scaleOfTheta(theta)), se: round1(POINTS_PER_LOGIT * se) };
}

/** A stored θ (null before results) as the scale score read everywhere. */
export const scaleScoreOfTheta = (theta: number | null): number | null => (theta === null ? null : round1(scaleOfTheta(theta)));

/** A stored SE of θ (null before results) as scale points. */
export const scaleSeOfThetaSe = (se: number | null): number | null => (se === null ? null : round1(POINTS_PER_LOGIT * se));

/** Every score the engine can give: θ on its grid [−4, 4], so 160 to 240. */
export const SCALE_SCORE_RANGE = { from: scaleOfTheta(THETA_RANGE.min), to: scaleOfTheta(THETA_RANGE.max) } as const;

/** The class's distribution is binned by half a logit: 5 points. */
export const SCALE_BIN_WIDTH = POINTS_PER_LOGIT / 2;

/** The middle of the scale, two logits wide (180 to 220): a chart's axis before anything is scored. */
export const SCALE_MIDDLE = { low: scaleOfTheta(-2), high: scaleOfTheta(2), step: POINTS_PER_LOGIT } as const;

/** A session row read with its stored θ, as the app reads it: with the scale score in θ's place. */
export function withScaleScore<Row extends { theta: number | null }>({ theta, ...row }: Row): Omit<Row, "theta"> & { scaleScore: number | null } {
  return { ...row, scaleScore: scaleScoreOfTheta(theta) };
}
