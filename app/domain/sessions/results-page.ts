import type { TestMode } from "~/domain/adaptive/engine";

import type { CompletionReason } from "./session-contract";

/**
 * What both results pages show (ADR 0016): the student's page at
 * /results/{id} and the teacher's at /admin/results/{id}, from what the session's object answers.
 * The wording of the scale score differs by reader: plain words for the student, the figures
 * (standard error, 95% range) for the teacher.
 */

export const MODE_TITLES: Record<TestMode, string> = { placement: "Placement Test", diagnostic: "Diagnostic Test" };

/** How the session ended, when it is worth saying (a session the student submitted needs no note). */
export function completionNote(reason: CompletionReason | null): string | null {
  return reason === "time_up" ? "finished when time ran out" : null;
}

/** The 95% range of a scale score: ±1.96 standard errors, rounded to whole points as shown. */
export function scaleScoreRange(scaleScore: number, standardError: number) {
  const score = Math.round(scaleScore);
  const margin = Math.round(1.96 * standardError);
  return { score, low: score - margin, high: score + margin, margin };
}

/** The student's words: the number and where it most likely lies, without statistics. */
export function studentScaleSentence(scaleScore: number, standardError: number): string {
  const { score, low, high } = scaleScoreRange(scaleScore, standardError);
  return `Scale score ${score} (very likely between ${low} and ${high}). The higher the number, the harder the questions you can answer.`;
}

/** The student's results: how many answers wait for their teacher (`grading: "review"`), in words. */
export function awaitingTeacherNote(count: number): string {
  return `${count === 1 ? "1 answer is" : `${count} answers are`} waiting for your teacher to check. Your score may change when they do.`;
}
