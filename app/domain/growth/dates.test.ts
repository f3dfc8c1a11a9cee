import { describe, expect, it } from "vitest";

import { longDate, shortDate, utcDay, windowDays } from "./dates";

describe("growth dates", () => {
  it("are UTC days, in words", () => {
    expect(utcDay(Date.parse("2026-09-30T23:59:59Z"))).toBe("2026-09-30");
    expect(longDate("2026-09-01")).toBe("September 1, 2026");
    expect(shortDate("2026-09-01")).toBe("Sep 1, 2026");
    expect(windowDays({ startsOn: "2026-09-01", endsOn: "2026-09-30" })).toBe("Sep 1, 2026 – Sep 30, 2026");
  });
});
