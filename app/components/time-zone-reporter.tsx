import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

import { TIME_ZONE_COOKIE } from "~/domain/shell/time-zone";

/**
 * Tells the server the browser's time zone (a cookie), so admin pages show times the way the
 * teacher reads a clock; if the server did not know it yet, the page's data is fetched again.
 */
export function TimeZoneReporter() {
  const revalidator = useRevalidator();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    const current = document.cookie.match(new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`))?.[1];
    if (current === encodeURIComponent(zone)) return;
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    revalidator.revalidate();
    // Once per page load: the zone does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
