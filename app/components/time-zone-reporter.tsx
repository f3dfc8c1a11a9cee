import { useEffect } from "react";

import { TIME_ZONE_COOKIE } from "~/domain/shell/time-zone";

/**
 * Tells the server the browser's time zone (a cookie), so the server's own HTML shows times the
 * way the teacher reads a clock. The page needs no new data meanwhile: `LocalTime` already shows
 * the browser's zone.
 */
export function TimeZoneReporter() {
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    const current = document.cookie.match(new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`))?.[1];
    if (current === encodeURIComponent(zone)) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, []);
  return null;
}
