/**
 * Dates on the growth pages and the family report are calendar days, the district's (ADR 0041):
 * a session belongs to the window of its day in the district's time zone, so that day is the one
 * shown, never shifted into another window by the reader's time zone. Days are formatted as
 * written, hence in UTC.
 */
const LONG = new Map<string, Intl.DateTimeFormat>();
const SHORT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/**
 * "2026-03-05" as "March 5, 2026", or in the family report's language given as its Intl locale
 * ("5 de marzo de 2026" in es-US, ADR 0045).
 */
export function longDate(day: string, tag = "en-US"): string {
  if (!LONG.has(tag)) LONG.set(tag, new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" }));
  return LONG.get(tag)!.format(new Date(`${day}T00:00:00Z`));
}

/** "2026-03-05" as "Mar 5, 2026". */
export const shortDate = (day: string) => SHORT.format(new Date(`${day}T00:00:00Z`));

/** A window's days: "Sep 1, 2026 – Sep 30, 2026". */
export const windowDays = (window: { startsOn: string; endsOn: string }) => `${shortDate(window.startsOn)} – ${shortDate(window.endsOn)}`;
