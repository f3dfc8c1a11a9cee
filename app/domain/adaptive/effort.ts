import type { QuestionType } from "~/domain/questions/question-types";
import { questionTypeOf } from "~/domain/questions/types";

/**
 * Rapid guessing and response-time effort. An answer given faster than anyone could read the
 * question is a rapid guess: it says nothing about what the student knows, so it should not move
 * an item's calibration, and a session with many of them gets a warning beside its score.
 */

/** The normative threshold is this share of the item's typical answer time (NT10)... */
const NORMATIVE_SHARE = 0.1;
/** ...and never more than this: a long item's 10 % would otherwise flag real, quick answers. */
const MAX_THRESHOLD_SECONDS = 10;

/**
 * The normative-threshold method (NT10, Wise and Ma, 2012): 10 % of the item's typical answer time,
 * at most 10 s; its type's default while the item has no typical time yet (each type's folder in
 * domain/questions/types says why its default is what it is, all under the 10 s ceiling). The typical time is a
 * median (updateTypicalSeconds), not the mean the method was published with: a few answers left
 * open for minutes would inflate a mean, and with it the threshold.
 */
export function rapidGuessThresholdSeconds(typicalSeconds: number | null, questionType: QuestionType): number {
  if (typicalSeconds !== null && Number.isFinite(typicalSeconds) && typicalSeconds > 0) {
    return Math.min(MAX_THRESHOLD_SECONDS, NORMATIVE_SHARE * typicalSeconds);
  }
  return questionTypeOf(questionType).rapidGuessDefaultSeconds;
}

/**
 * Step sizes of the running median, on the log of the time (a median of log-times is the log of
 * the median, and answer times are skewed, so steps in proportion suit them): the answer after n
 * others moves the estimate by at most a factor e^(2/(n + 1)), shrinking so that the estimate
 * settles, but never below e^0.01 (1 %) so that it still follows an item whose wording or place in
 * the test changed. Simulated on log-normal times (spread σ 0.5 to 1.2 in log-seconds) with 5 % of
 * answers left open 10 to 20 minutes, the estimate is typically within 3 to 6 % of the sample's
 * median from 200 answers on, and within 15 % in 19 runs of 20: 0.6 s at most on a 4 s threshold.
 */
const STEP_SCALE = 2;
const MIN_STEP = 0.01;

/**
 * The typical answer time after one more answer: a stochastic-approximation median (Robbins–Monro)
 * that needs only the current value and the number of answers it rests on, so it can be kept in
 * one column and updated in one serialized place. Each answer moves the estimate toward itself by
 * at most one step, whatever its size: a few very long answers barely move it, where they would
 * drag a mean. `responses` counts the answers before this one; the first answer is the estimate.
 */
export function updateTypicalSeconds(current: number | null, responses: number, seconds: number): number | null {
  if (!Number.isFinite(seconds) || seconds <= 0) return current;
  if (current === null || !(current > 0) || responses <= 0) return seconds;
  const step = Math.max(MIN_STEP, STEP_SCALE / (responses + 1));
  const distance = Math.log(seconds) - Math.log(current);
  // Never past the answer itself: an answer within one step is where the estimate lands.
  if (Math.abs(distance) <= step) return seconds;
  return current * Math.exp(Math.sign(distance) * step);
}

export function isRapidGuess(seconds: number, thresholdSeconds: number): boolean {
  return seconds < thresholdSeconds;
}

/** Response-time effort: the share of answers that were not rapid guesses; null with no answers. */
export function responseTimeEffort(rapidGuessFlags: readonly boolean[]): number | null {
  if (rapidGuessFlags.length === 0) return null;
  return rapidGuessFlags.filter((rapid) => !rapid).length / rapidGuessFlags.length;
}

/**
 * Below this effort a session's score is flagged: more than one answer in ten was a rapid guess,
 * the usual cut in response-time effort studies (Wise and Kong, 2005).
 */
export const LOW_EFFORT_THRESHOLD = 0.9;

/** What a teacher reads beside a low-effort session's score. */
export const LOW_EFFORT_WARNING = "This score may not reflect what the student knows.";
