import type { TestMode } from "~/domain/adaptive/engine";

import type { CompletionReason } from "./session-contract";

/**
 * What both results pages show (ADR 0016): the student's page at
 * /results/{id} and the teacher's at /admin/results/{id}, from what the session's object answers.
 * The wording of the scale score differs by reader: plain words for the student (results-words.ts,
 * in the student's language), the figures (standard error, 95% range) for the teacher.
 */

export const MODE_TITLES: Record<TestMode, string> = { placement: "Placement Test", diagnostic: "Diagnostic Test" };

/** How the session ended, when it is worth saying (a session the student submitted needs no note). */
export function completionNote(reason: CompletionReason | null): string | null {
  if (reason === "time_up") return "finished when time ran out";
  if (reason === "ended_by_teacher") return "ended by the teacher";
  return null;
}

/** A teacher's added time (ADR 0046), as the teacher's results say it; null when none was added. */
export const extraTimeNote = (extraMinutes: number) => (extraMinutes > 0 ? `Given ${extraMinutes} extra minute${extraMinutes === 1 ? "" : "s"}` : null);

/** The 95% range of a scale score: ±1.96 standard errors, rounded to whole points as shown. */
export function scaleScoreRange(scaleScore: number, standardError: number) {
  const score = Math.round(scaleScore);
  const margin = Math.round(1.96 * standardError);
  return { score, low: score - margin, high: score + margin, margin };
}
