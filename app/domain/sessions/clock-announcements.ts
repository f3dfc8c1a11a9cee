import type { Catalog } from "~/domain/i18n/catalog";

/**
 * What a screen reader hears about the test page's clocks (WCAG 2.2.1 and 4.1.3, docs/accessibility.md):
 * a few polite warnings before time runs out, never one a second. Each warning stays while its band
 * lasts, so a live region speaks it once, when it changes.
 *
 * A clock's warnings are a list the server writes in the page's language (ADR 0045: the plurals
 * are the catalog's); the page only picks the one the clock is in, so no rule text and no
 * formatting code reach its JavaScript.
 */
type Warning<Text> = { /** Spoken while the clock shows this many seconds or fewer (and more than the warning before it). */ upTo: number } & Text;
export type ClockWarning = Warning<{ key: keyof Catalog["test"]; values: Record<string, number> }>;
export type SpokenWarning = Warning<{ text: string }>;

/** The test's clock: at 5 minutes, at 1 minute and at the end. */
export function testClockWarnings(): ClockWarning[] {
  return [
    { upTo: 0, key: "testClockOver", values: {} },
    { upTo: 60, key: "testMinutesLeft", values: { minutes: 1 } },
    { upTo: 300, key: "testMinutesLeft", values: { minutes: 5 } },
  ];
}

/** A question long enough to be warned a minute ahead as well. */
const MINUTE_WARNING_FROM_SECONDS = 120;

/**
 * A question's own clock: at 30 and 10 seconds and at the end, and at 1 minute when the question
 * gave `secondsGiven` of 2 minutes or more (its time when the page showed it).
 */
export function questionClockWarnings(secondsGiven: number | null): ClockWarning[] {
  const warnings: ClockWarning[] = [
    { upTo: 0, key: "questionClockOver", values: {} },
    { upTo: 10, key: "questionSecondsLeft", values: { seconds: 10 } },
    { upTo: 30, key: "questionSecondsLeft", values: { seconds: 30 } },
  ];
  if ((secondsGiven ?? 0) >= MINUTE_WARNING_FROM_SECONDS) warnings.push({ upTo: 60, key: "questionMinutesLeft", values: { minutes: 1 } });
  return warnings;
}

/** What the clock says now: the first warning (shortest first) whose band it is in; nothing outside them, or while it is stopped (null: a break, or untimed). */
export function clockAnnouncement(warnings: readonly SpokenWarning[], secondsLeft: number | null): string {
  return secondsLeft === null ? "" : (warnings.find((warning) => secondsLeft <= warning.upTo)?.text ?? "");
}
