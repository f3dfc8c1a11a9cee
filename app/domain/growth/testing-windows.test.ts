import { describe, expect, it } from "vitest";

import { renderText } from "~/domain/i18n/catalog";
import { unstorableTextMessage } from "~/domain/text-fields";

import {
  addDays,
  isCalendarDay,
  overlappingWindow,
  overlapRefusal,
  REVERSED_DAYS,
  testingWindowSchema,
  windowOf,
  windowsActionSchema,
} from "./testing-windows";

const fall = { id: "w1", name: "Fall", startsOn: "2026-09-01", endsOn: "2026-10-15" };
const winter = { id: "w2", name: "Winter", startsOn: "2027-01-05", endsOn: "2027-02-10" };
const firstIssue = (value: unknown) => testingWindowSchema.safeParse(value).error?.issues[0];

describe("a testing window's payload", () => {
  it("takes a trimmed name and two real days, the last on or after the first", () => {
    expect(testingWindowSchema.parse({ name: "  Fall  ", startsOn: "2026-09-01", endsOn: "2026-10-15" })).toEqual({
      name: "Fall",
      startsOn: "2026-09-01",
      endsOn: "2026-10-15",
    });
    // One day is a window too.
    expect(testingWindowSchema.safeParse({ name: "Retake day", startsOn: "2026-11-02", endsOn: "2026-11-02" }).success).toBe(true);
  });

  it("names the field and says what is wrong", () => {
    expect(firstIssue({ name: "   ", startsOn: "2026-09-01", endsOn: "2026-09-02" })).toMatchObject({ path: ["name"], message: "Give the window a name" });
    expect(firstIssue({ name: "x".repeat(41), startsOn: "2026-09-01", endsOn: "2026-09-02" })?.message).toBe("The name must be at most 40 characters");
    expect(firstIssue({ name: "Fall\u0000", startsOn: "2026-09-01", endsOn: "2026-09-02" })).toMatchObject({
      path: ["name"],
      message: unstorableTextMessage("The name"),
    });
    expect(firstIssue({ name: "Fall", endsOn: "2026-09-02" })).toMatchObject({ path: ["startsOn"], message: "Enter the first day" });
    expect(firstIssue({ name: "Fall", startsOn: "2026-02-30", endsOn: "2026-03-02" })).toMatchObject({
      path: ["startsOn"],
      message: "The first day must be a real date, written YYYY-MM-DD",
    });
    expect(firstIssue({ name: "Fall", startsOn: "2026-09-01", endsOn: "09/02/2026" })?.path).toEqual(["endsOn"]);
    expect(firstIssue({ name: "Fall", startsOn: "2026-10-15", endsOn: "2026-09-01" })).toMatchObject({ path: ["endsOn"], message: REVERSED_DAYS });
    expect(firstIssue({ name: 7, startsOn: 20260901, endsOn: null })?.path).toEqual(["name"]);
  });

  it("reads only real calendar days, leap days included", () => {
    expect(["2028-02-29", "2026-12-31", "2026-01-01"].map(isCalendarDay)).toEqual([true, true, true]);
    expect(["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "20260101", "", "2026-01-01T00:00"].map(isCalendarDay)).toEqual(Array(7).fill(false));
  });

  it("is the same for the screen's form posts, with the intent and the edited window's id", () => {
    expect(windowsActionSchema.parse({ intent: "update", id: "w1", name: "Fall ", startsOn: "2026-09-01", endsOn: "2026-10-15" })).toEqual({
      intent: "update",
      id: "w1",
      name: "Fall",
      startsOn: "2026-09-01",
      endsOn: "2026-10-15",
    });
    expect(windowsActionSchema.safeParse({ intent: "create", name: "Fall", startsOn: "2026-10-15", endsOn: "2026-09-01" }).error?.issues[0]?.message).toBe(
      REVERSED_DAYS,
    );
    expect(windowsActionSchema.parse({ intent: "delete", id: "w1" })).toEqual({ intent: "delete", id: "w1" });
  });
});

describe("overlaps", () => {
  it("finds the window that shares a day with the new dates, ends included", () => {
    expect(overlappingWindow({ startsOn: "2026-10-15", endsOn: "2026-11-01" }, [fall, winter])).toBe(fall);
    expect(overlappingWindow({ startsOn: "2026-08-01", endsOn: "2027-03-01" }, [fall, winter])).toBe(fall);
    expect(overlappingWindow({ startsOn: "2027-02-10", endsOn: "2027-02-10" }, [fall, winter])).toBe(winter);
    expect(overlappingWindow({ startsOn: "2026-10-16", endsOn: "2027-01-04" }, [fall, winter])).toBeNull();
  });

  it("leaves out the window being edited, and names the one overlapped", () => {
    expect(overlappingWindow({ startsOn: "2026-08-20", endsOn: "2026-10-20" }, [fall, winter], "w1")).toBeNull();
    const refusal = overlapRefusal(fall);
    expect(renderText("en", refusal.message, refusal.values)).toBe(
      "These dates overlap Fall (2026-09-01 to 2026-10-15): a session must belong to one window only.",
    );
  });
});

describe("windowOf", () => {
  it("puts a session in the window whose UTC days hold its start, both ends included", () => {
    expect(windowOf(Date.UTC(2026, 8, 1, 0, 0, 0), [fall, winter], "UTC")).toBe(fall);
    expect(windowOf(Date.UTC(2026, 9, 15, 23, 59, 59, 999), [fall, winter], "UTC")).toBe(fall);
    expect(windowOf(Date.UTC(2026, 9, 16), [fall, winter], "UTC")).toBeNull();
    expect(windowOf(Date.UTC(2027, 0, 20, 12), [fall, winter], "UTC")).toBe(winter);
    expect(windowOf(Date.UTC(2026, 7, 31, 23, 59), [fall, winter], "UTC")).toBeNull();
  });

  it("answers null for no windows and for a moment that is not one", () => {
    expect(windowOf(Date.UTC(2026, 8, 10), [], "UTC")).toBeNull();
    expect(windowOf(Number.NaN, [fall], "UTC")).toBeNull();
    expect(windowOf(Number.POSITIVE_INFINITY, [fall], "UTC")).toBeNull();
    expect(windowOf(9e15, [fall], "UTC")).toBeNull();
  });

  it("counts days across months, years and leap days", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2026-05-10", -150)).toBe("2025-12-11");
  });
});
