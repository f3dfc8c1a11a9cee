import { describe, expect, it } from "vitest";

import {
  dayIn,
  DEFAULT_DISTRICT_TIME_ZONE,
  readDistrictTimeZone,
  startOfDay,
  TIME_ZONE_REFUSAL,
  timeZoneSettingSchema,
  windowAt,
  windowSpan,
} from "./time-zone";

const at = (iso: string) => Date.parse(iso);
const HOUR = 60 * 60 * 1000;

describe("a calendar day in a time zone", () => {
  it("starts at the zone's midnight", () => {
    expect(startOfDay("2026-01-15", "America/New_York")).toBe(at("2026-01-15T05:00:00Z"));
    expect(startOfDay("2026-07-15", "America/New_York")).toBe(at("2026-07-15T04:00:00Z"));
    expect(startOfDay("2026-01-15", "America/Los_Angeles")).toBe(at("2026-01-15T08:00:00Z"));
    expect(startOfDay("2026-07-15", "America/Los_Angeles")).toBe(at("2026-07-15T07:00:00Z"));
    // Hawaii keeps one offset all year.
    expect(startOfDay("2026-01-15", "Pacific/Honolulu")).toBe(at("2026-01-15T10:00:00Z"));
    expect(startOfDay("2026-07-15", "Pacific/Honolulu")).toBe(at("2026-07-15T10:00:00Z"));
    expect(startOfDay("2026-07-15", "UTC")).toBe(at("2026-07-15T00:00:00Z"));
  });

  it("is 23 hours long when the clocks spring forward and 25 when they fall back", () => {
    // 2026: New York springs forward on March 8 and falls back on November 1.
    expect(startOfDay("2026-03-09", "America/New_York") - startOfDay("2026-03-08", "America/New_York")).toBe(23 * HOUR);
    expect(startOfDay("2026-11-02", "America/New_York") - startOfDay("2026-11-01", "America/New_York")).toBe(25 * HOUR);
    expect(startOfDay("2026-03-09", "America/Los_Angeles") - startOfDay("2026-03-08", "America/Los_Angeles")).toBe(23 * HOUR);
    expect(startOfDay("2026-03-09", "Pacific/Honolulu") - startOfDay("2026-03-08", "Pacific/Honolulu")).toBe(24 * HOUR);
  });

  it("starts when the clocks land on it where they jump past midnight", () => {
    // Santiago springs forward from midnight to 1 AM (September 6, 2026): the day starts at the jump.
    const start = startOfDay("2026-09-06", "America/Santiago");
    expect(dayIn(start, "America/Santiago")).toBe("2026-09-06");
    expect(dayIn(start - 1, "America/Santiago")).toBe("2026-09-05");
  });

  it("is the day it is there", () => {
    // 9 PM in New York on October 15 is already October 16 in UTC.
    expect(dayIn(at("2026-10-16T01:00:00Z"), "America/New_York")).toBe("2026-10-15");
    expect(dayIn(at("2026-10-16T01:00:00Z"), "UTC")).toBe("2026-10-16");
    expect(dayIn(at("2026-10-16T09:59:59Z"), "Pacific/Honolulu")).toBe("2026-10-15");
  });
});

describe("a testing window in a time zone", () => {
  const fall = { id: "w1", name: "Fall", startsOn: "2026-09-01", endsOn: "2026-11-01" };
  const winter = { id: "w2", name: "Winter", startsOn: "2027-01-05", endsOn: "2027-02-10" };

  it("runs from its first day's start to the start of the day after its last, across a clock change", () => {
    expect(windowSpan(fall, "America/New_York")).toEqual({ fromMs: at("2026-09-01T04:00:00Z"), untilMs: at("2026-11-02T05:00:00Z") });
    expect(windowSpan(fall, "America/Los_Angeles")).toEqual({ fromMs: at("2026-09-01T07:00:00Z"), untilMs: at("2026-11-02T08:00:00Z") });
    expect(windowSpan(fall, "Pacific/Honolulu")).toEqual({ fromMs: at("2026-09-01T10:00:00Z"), untilMs: at("2026-11-02T10:00:00Z") });
    expect(windowSpan(fall, "UTC")).toEqual({ fromMs: at("2026-09-01T00:00:00Z"), untilMs: at("2026-11-02T00:00:00Z") });
  });

  it("holds an evening test on its last day, which UTC would put in the next day", () => {
    const evening = at("2026-11-02T02:00:00Z"); // 9 PM, November 1, in New York
    expect(windowAt([fall, winter], evening, "America/New_York")).toBe(fall);
    expect(windowAt([fall, winter], evening, "UTC")).toBeNull();
    // And the morning before its first day in New York is not in it, though it is in UTC.
    expect(windowAt([fall, winter], at("2026-09-01T03:00:00Z"), "America/New_York")).toBeNull();
    expect(windowAt([fall, winter], at("2027-01-05T10:00:00Z"), "Pacific/Honolulu")).toBe(winter);
    expect(windowAt([fall, winter], Number.NaN, "UTC")).toBeNull();
  });
});

describe("the district's time zone setting", () => {
  it("takes a zone the runtime knows, in its own spelling, and refuses anything else", () => {
    expect(timeZoneSettingSchema.parse({ timeZone: " america/chicago " })).toEqual({ timeZone: "America/Chicago" });
    expect(timeZoneSettingSchema.safeParse({ timeZone: "Mars/Olympus" }).error?.issues[0]?.message).toBe(TIME_ZONE_REFUSAL);
    expect(timeZoneSettingSchema.safeParse({}).error?.issues[0]?.message).toBe(TIME_ZONE_REFUSAL);
  });

  it("is New York until one is chosen", () => {
    expect(readDistrictTimeZone(undefined)).toBe(DEFAULT_DISTRICT_TIME_ZONE);
    expect(readDistrictTimeZone("Nowhere/Else")).toBe("America/New_York");
    expect(readDistrictTimeZone("Pacific/Honolulu")).toBe("Pacific/Honolulu");
  });
});
