/**
 * Dates on the growth pages and the family report are calendar days, the district's (ADR 0041):
 * a session belongs to the window of its day in the district's time zone, so that day is the one
 * shown, never shifted into another window by the reader's time zone. Days are formatted as
 * written, hence in UTC.
 */
const LONG = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const SHORT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "2026-03-05" as "March 5, 2026". */
export const longDate = (day: string) => LONG.format(new Date(`${day}T00:00:00Z`));

/** "2026-03-05" as "Mar 5, 2026". */
export const shortDate = (day: string) => SHORT.format(new Date(`${day}T00:00:00Z`));

/** A window's days: "Sep 1, 2026 – Sep 30, 2026". */
export const windowDays = (window: { startsOn: string; endsOn: string }) => `${shortDate(window.startsOn)} – ${shortDate(window.endsOn)}`;
