import { describe, expect, it } from "vitest";

import { formatShortDateTime, LOCAL_TIMES_SCRIPT, ownTimeZone, shownTime, timeZoneFromCookieHeader, validTimeZone } from "./time-zone";

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

  it("carries the instant beside the server's text, for the browser to format", () => {
    expect(shownTime(march5, "America/Chicago")).toEqual({ at: "2026-03-05T21:04:00.000Z", text: "Mar 5, 3:04 PM" });
    // A date that may lie in another year says which (the retention preview's cutoff).
    expect(shownTime(march5, "America/Chicago", { withYear: true })).toEqual({ at: "2026-03-05T21:04:00.000Z", text: "Mar 5, 2026, 3:04 PM", withYear: true });
  });

  it("rewrites the page's times as formatShortDateTime does in the browser's own zone", () => {
    const previous = process.env.TZ;
    try {
      for (const zone of ["America/New_York", "UTC"]) {
        process.env.TZ = zone;
        const times = [
          { dateTime: new Date(march5).toISOString(), textContent: "Mar 5, 9:04 PM UTC", dataset: { localTime: "" } },
          { dateTime: new Date(march5).toISOString(), textContent: "Mar 5, 2026, 9:04 PM UTC", dataset: { localTime: "year" } },
        ];
        const document = { querySelectorAll: (selector: string) => (selector === "time[data-local-time]" ? times : []) };
        new Function("document", LOCAL_TIMES_SCRIPT)(document);
        expect(ownTimeZone()).toBe(zone);
        expect(times[0]!.textContent).toBe(formatShortDateTime(march5, ownTimeZone()));
        expect(times[1]!.textContent).toBe(formatShortDateTime(march5, ownTimeZone(), true));
      }
      expect(formatShortDateTime(march5, "America/New_York")).toBe("Mar 5, 4:04 PM");
    } finally {
      if (previous === undefined) delete process.env.TZ;
      else process.env.TZ = previous;
    }
  });
});
