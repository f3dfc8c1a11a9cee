/**
 * Dates on the growth pages and the family report are UTC days, as testing windows are
 * (app/db/schema/measurement.ts): a session belongs to the window of its UTC day, so its day is
 * shown in UTC too, never shifted into another window by the reader's time zone.
 */
const LONG = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
const SHORT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** "2026-03-05" as "March 5, 2026". */
export const longDate = (day: string) => LONG.format(new Date(`${day}T00:00:00Z`));

/** "2026-03-05" as "Mar 5, 2026". */
export const shortDate = (day: string) => SHORT.format(new Date(`${day}T00:00:00Z`));

/** A window's days: "Sep 1, 2026 – Sep 30, 2026". */
export const windowDays = (window: { startsOn: string; endsOn: string }) => `${shortDate(window.startsOn)} – ${shortDate(window.endsOn)}`;
