import { BATCH_CALIBRATION_DEFAULTS, recalibrateItems, type StudentResponse } from "~/domain/adaptive/batch-calibration";
import { DIFFICULTIES, type Difficulty } from "~/domain/questions/question-types";

import type { AnalyticsSession } from "./class-analytics";

/**
 * Each question's difficulty b on the engine's θ scale, recalibrated from one class's answers with
 * the engine's own batch EM (app/domain/adaptive/batch-calibration.ts), so a teacher sees where
 * the class found a question harder or easier than its label says.
 */

/** Fewer answers than this say more about the label's prior than about the class: no figure. */
export const MIN_CALIBRATION_ANSWERS = 5;

/**
 * The engine's defaults (21 grid points, tolerance 1e-3, up to 200 cycles) took 100-175 ms on a
 * class of 1,000 × 30 answers on the 2-core development machine, most of Cohort Analytics' 200 ms
 * budget. Measured on that class (`npm run bench:analytics`, some labels wrong on purpose), 15
 * points and a 5e-3 tolerance (about 14 cycles) take less than half of that and leave every b
 * within 0.05 of EM run to convergence: below b's sampling error with a few hundred answers (~0.1).
 */
export const ANALYTICS_CALIBRATION = { ...BATCH_CALIBRATION_DEFAULTS, quadraturePoints: 15, tolerance: 5e-3, maxCycles: 40 };

const isDifficulty = (value: string): value is Difficulty => (DIFFICULTIES as readonly string[]).includes(value);

/** An answer's score in [0, 1]: its share of the question's points (an AI grade counts as its fraction). */
export function answerScore(answer: { pointsEarned: number; maxPoints: number; wasCorrect: boolean }): number {
  if (!(answer.maxPoints > 0)) return answer.wasCorrect ? 1 : 0;
  return Math.min(1, Math.max(0, answer.pointsEarned / answer.maxPoints));
}

/** questionId → b rounded to 2 decimals, or null when the question has fewer than MIN_CALIBRATION_ANSWERS answers. */
export function calibratedDifficulties(sessions: readonly AnalyticsSession[], settings = ANALYTICS_CALIBRATION): Map<string, number | null> {
  const responses: StudentResponse[] = [];
  const labels: Record<string, Difficulty> = {};
  for (const session of sessions) {
    for (const answer of session.answers) {
      // A label the engine does not know (an old row) starts from the middle of the scale.
      labels[answer.questionId] ??= isDifficulty(answer.difficulty) ? answer.difficulty : "medium";
      responses.push({ studentId: session.sessionId, itemId: answer.questionId, score: answerScore(answer) });
    }
  }
  const result = new Map<string, number | null>();
  if (!responses.length) return result;
  const { items } = recalibrateItems(responses, labels, settings);
  for (const [questionId, item] of Object.entries(items)) {
    result.set(questionId, item.responses >= MIN_CALIBRATION_ANSWERS ? Math.round(item.b * 100) / 100 : null);
  }
  return result;
}
