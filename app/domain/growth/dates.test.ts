import { describe, expect, it } from "vitest";

import { dayIn } from "~/domain/district/time-zone";

import { longDate, shortDate, windowDays } from "./dates";

describe("growth dates", () => {
  it("are the district's days, in words", () => {
    expect(dayIn(Date.parse("2026-09-30T23:59:59Z"), "UTC")).toBe("2026-09-30");
    expect(dayIn(Date.parse("2026-09-30T23:59:59Z"), "America/New_York")).toBe("2026-09-30");
    expect(dayIn(Date.parse("2026-10-01T01:00:00Z"), "America/New_York")).toBe("2026-09-30");
    expect(longDate("2026-09-01")).toBe("September 1, 2026");
    expect(shortDate("2026-09-01")).toBe("Sep 1, 2026");
    expect(windowDays({ startsOn: "2026-09-01", endsOn: "2026-09-30" })).toBe("Sep 1, 2026 – Sep 30, 2026");
  });
});
