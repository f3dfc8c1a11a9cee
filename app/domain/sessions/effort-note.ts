import { LOW_EFFORT_THRESHOLD, LOW_EFFORT_WARNING } from "~/domain/adaptive/effort";

/**
 * A session's response-time effort as teachers read it (ADR 0033): the share of its answers that
 * were not rapid guesses, and the warning below the threshold.
 */
export function effortFacts(effort: number | null) {
  const lowEffort = effort !== null && effort < LOW_EFFORT_THRESHOLD;
  return { effort, lowEffort, effortNote: lowEffort ? LOW_EFFORT_WARNING : null };
}

/** "95% of answers given with effort", with the warning when it is low; null before any answer. */
export function effortInWords(effort: number | null): string | null {
  if (effort === null) return null;
  const { effortNote } = effortFacts(effort);
  const share = `${Math.round(effort * 100)}% of answers given with effort`;
  return effortNote ? `${share}. ${effortNote}` : share;
}
