import { describe, expect, it } from "vitest";

import { formatShortDateTime, timeZoneFromCookieHeader, validTimeZone } from "./time-zone";

const march5 = Date.UTC(2026, 2, 5, 21, 4);

describe("teacher's time zone", () => {
  it("formats like 'Mar 5, 3:04 PM' in the given zone", () => {
    expect(formatShortDateTime(march5, "America/Chicago")).toBe("Mar 5, 3:04 PM");
    expect(formatShortDateTime(march5, "Asia/Tokyo")).toBe("Mar 6, 6:04 AM");
  });

  it("says UTC when it fell back to it", () => {
    expect(formatShortDateTime(march5, "UTC")).toBe("Mar 5, 9:04 PM UTC");
  });

  it("reads the zone from the cookie and refuses unknown or malformed zones", () => {
    expect(timeZoneFromCookieHeader("a=1; tz=Europe%2FParis; b=2")).toBe("Europe/Paris");
    expect(timeZoneFromCookieHeader("tz=Mars%2FOlympus")).toBe("UTC");
    expect(timeZoneFromCookieHeader("tz=%E0%A4%A")).toBe("UTC");
    expect(timeZoneFromCookieHeader(null)).toBe("UTC");
    expect(validTimeZone("x".repeat(100))).toBeNull();
  });
});
