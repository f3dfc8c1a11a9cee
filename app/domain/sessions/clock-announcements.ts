/**
 * What a screen reader hears about the test page's clocks (WCAG 2.2.1 and 4.1.3, docs/accessibility.md):
 * a few polite warnings before time runs out, never one a second. Each text stays while its band
 * lasts, so a live region speaks it once, when it changes.
 */

/** The test's clock: at 5 minutes, at 1 minute and at the end. Null (a break, or untimed) is silent. */
export function testClockAnnouncement(secondsLeft: number | null): string {
  if (secondsLeft === null) return "";
  if (secondsLeft === 0) return "Time's up!";
  if (secondsLeft <= 60) return "1 minute left in the test.";
  if (secondsLeft <= 300) return "5 minutes left in the test.";
  return "";
}

/** A question long enough to be warned a minute ahead as well. */
const MINUTE_WARNING_FROM_SECONDS = 120;

/**
 * A question's own clock: at 30 and 10 seconds and at the end, and at 1 minute when the question
 * gave `secondsGiven` of 2 minutes or more (its time when the page showed it).
 */
export function questionClockAnnouncement(secondsLeft: number | null, secondsGiven: number | null): string {
  if (secondsLeft === null) return "";
  if (secondsLeft === 0) return "Question time expired.";
  if (secondsLeft <= 10) return "10 seconds left for this question.";
  if (secondsLeft <= 30) return "30 seconds left for this question.";
  if (secondsLeft <= 60 && (secondsGiven ?? 0) >= MINUTE_WARNING_FROM_SECONDS) return "1 minute left for this question.";
  return "";
}
