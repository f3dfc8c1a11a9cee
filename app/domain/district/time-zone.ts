import { z } from "zod";

/**
 * The district's time zone (ADR 0041): the zone its calendar days are in. A testing window's days
 * ("2026-09-01" to "2026-10-15") start at midnight there and end at the midnight after the last
 * day there, so a test at 9 PM in New York on a window's last day is in that window, though it is
 * already the next day in UTC. Offsets come from the runtime's own time zone data (Intl), so days
 * on which the clocks change are 23 or 25 hours long, as they are in the district.
 */
export const DISTRICT_TIME_ZONE_KEY = "time_zone";
export const DEFAULT_DISTRICT_TIME_ZONE = "America/New_York";

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock in `timeZone` at `ms`, read as if it were UTC. */
function wallClockMs(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(ms)) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
}

/** How far `timeZone`'s clocks are ahead of UTC at `ms` (negative west of Greenwich). */
function offsetMs(ms: number, timeZone: string): number {
  return wallClockMs(ms, timeZone) - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The calendar day (YYYY-MM-DD) it is in `timeZone` at `ms`. */
export function dayIn(ms: number, timeZone: string): string {
  return new Date(wallClockMs(ms, timeZone)).toISOString().slice(0, 10);
}

/**
 * The first instant of `day` in `timeZone`: its midnight, or, where the clocks jump past midnight
 * that day, the moment they land on it.
 */
export function startOfDay(day: string, timeZone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The offset a little before and at the guess: twice is enough unless midnight does not exist.
  const guess = midnight - offsetMs(midnight - offsetMs(midnight, timeZone), timeZone);
  if (dayIn(guess, timeZone) >= day && dayIn(guess - 1, timeZone) < day) return guess;
  // Midnight was skipped (or the guess overshot): the day starts at the clock change, found to the millisecond.
  let low = guess - 3 * HOUR_MS;
  let high = guess + 3 * HOUR_MS;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (dayIn(mid, timeZone) >= day) high = mid;
    else low = mid;
  }
  return high;
}

/** The day `days` after `day` (before it when negative). */
function addCalendarDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

type WindowDays = { startsOn: string; endsOn: string };

/** A window's days as instants in `timeZone`: from its first day's start up to, not including, the start of the day after its last. */
export function windowSpan(window: WindowDays, timeZone: string): { fromMs: number; untilMs: number } {
  return { fromMs: startOfDay(window.startsOn, timeZone), untilMs: startOfDay(addCalendarDays(window.endsOn, 1), timeZone) };
}

/** The window whose days in `timeZone` hold the instant `ms`, or null (windows never overlap). */
export function windowAt<W extends WindowDays>(windows: readonly W[], ms: number, timeZone: string): W | null {
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  const day = dayIn(ms, timeZone);
  return windows.find((window) => window.startsOn <= day && day <= window.endsOn) ?? null;
}

/** The zones a district can choose: the runtime's IANA names. */
export function districtTimeZones(): string[] {
  return Intl.supportedValuesOf("timeZone");
}

/** The zone's canonical IANA name when the runtime knows it ("america/chicago" is "America/Chicago"), else null. */
function knownZone(value: string): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The stored zone, or the default for none or one the runtime does not know. */
export function readDistrictTimeZone(value: unknown): string {
  return (typeof value === "string" && knownZone(value)) || DEFAULT_DISTRICT_TIME_ZONE;
}

export const TIME_ZONE_REFUSAL = "Choose a time zone from the list";

/** PUT /api/settings/time-zone and the Data & Privacy form: an IANA zone the runtime knows ("America/Chicago"). */
export const timeZoneSettingSchema = z.object({
  timeZone: z
    .string({ required_error: TIME_ZONE_REFUSAL, invalid_type_error: TIME_ZONE_REFUSAL })
    .trim()
    .transform((value, context) => {
      const zone = knownZone(value);
      if (!zone) context.addIssue({ code: z.ZodIssueCode.custom, message: TIME_ZONE_REFUSAL });
      return zone ?? value;
    }),
});
