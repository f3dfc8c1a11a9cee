/**
 * Times on admin pages are shown in the teacher's time zone (issue 10 §1: 'Mar 5, 3:04 PM'). The
 * browser reports its zone in a cookie; until it has, or if it reports nonsense, UTC is used and
 * said.
 */
export const TIME_ZONE_COOKIE = "tz";
export const FALLBACK_TIME_ZONE = "UTC";

/** The zone if the runtime knows it (an IANA name such as "America/Chicago"), else null. */
export function validTimeZone(candidate: string | null | undefined): string | null {
  if (!candidate || candidate.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: candidate }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** 'Mar 5, 3:04 PM' (SPEC.md section 2), with ' UTC' appended when the zone is the fallback. */
export function formatShortDateTime(date: Date | number, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone }).format(date);
  return timeZone === FALLBACK_TIME_ZONE ? `${text} UTC` : text;
}

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
