/**
 * Times on admin pages are shown in the teacher's time zone ('Mar 5, 3:04 PM'). The server
 * formats them in the zone the browser reported in a cookie (UTC, said, until it has, or if it
 * reports nonsense); the browser formats them in its own zone, from the first paint on
 * (`LOCAL_TIMES_SCRIPT`), so a teacher's first visit never shows UTC.
 */
export const TIME_ZONE_COOKIE = "tz";
const FALLBACK_TIME_ZONE = "UTC";

/** The zone if the runtime knows it (an IANA name such as "America/Chicago"), else null. */
export function validTimeZone(candidate: string | null | undefined): string | null {
  if (!candidate || candidate.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: candidate }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const SHORT_DATE_TIME: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };
/** With the year, where a date may lie in another year and the reader must know which (a retention cutoff). */
const FULL_DATE_TIME: Intl.DateTimeFormatOptions = { ...SHORT_DATE_TIME, year: "numeric" };

/** 'Mar 5, 3:04 PM' ('Mar 5, 2025, 3:04 PM' with the year), with ' UTC' appended when the zone is the fallback. */
export function formatShortDateTime(date: Date | number, timeZone: string, withYear = false): string {
  const text = new Intl.DateTimeFormat("en-US", { ...(withYear ? FULL_DATE_TIME : SHORT_DATE_TIME), timeZone }).format(date);
  return timeZone === FALLBACK_TIME_ZONE ? `${text} UTC` : text;
}

/** A time as a page shows it: the instant, and the server's text for it (in the cookie's zone); `withYear` when the year is written. */
export type ShownTime = { at: string; text: string; withYear?: boolean };

export function shownTime(date: Date | number, timeZone: string, options: { withYear?: boolean } = {}): ShownTime {
  const withYear = options.withYear ?? false;
  return { at: new Date(date).toISOString(), text: formatShortDateTime(date, timeZone, withYear), ...(withYear ? { withYear } : {}) };
}

/** The zone the browser's clock is in (the runtime's own zone on the server). */
export function ownTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Run inline right after the page's content, before React hydrates: rewrites every
 * `<time data-local-time>` as formatShortDateTime(its instant, ownTimeZone()) would, so the first
 * paint already shows the teacher's zone and hydration finds the text it renders itself.
 */
export const LOCAL_TIMES_SCRIPT =
  `(function(){var f=new Intl.DateTimeFormat("en-US",${JSON.stringify(SHORT_DATE_TIME)}),` +
  `y=new Intl.DateTimeFormat("en-US",${JSON.stringify(FULL_DATE_TIME)}),` +
  `s=f.resolvedOptions().timeZone===${JSON.stringify(FALLBACK_TIME_ZONE)}?" UTC":"";` +
  `document.querySelectorAll("time[data-local-time]").forEach(function(t){t.textContent=(t.dataset.localTime==="year"?y:f).format(new Date(t.dateTime))+s})})()`;

/** The zone named by the request's cookie header, or the fallback. */
export function timeZoneFromCookieHeader(cookieHeader: string | null): string {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`));
  let value: string | null = null;
  try {
    value = match?.[1] ? decodeURIComponent(match[1]) : null;
  } catch {
    value = null;
  }
  return validTimeZone(value) ?? FALLBACK_TIME_ZONE;
}
