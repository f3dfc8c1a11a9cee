import { describe, expect, it } from "vitest";

import { ALL_WINDOWS, chooseAnalyticsWindow, onePerStudent } from "./analytics-window";

const fall = { id: "w-fall", name: "Fall", startsOn: "2026-09-01", endsOn: "2026-09-30" };
const winter = { id: "w-winter", name: "Winter", startsOn: "2027-01-10", endsOn: "2027-01-31" };
const at = (iso: string) => Date.parse(iso);

describe("chooseAnalyticsWindow", () => {
  it("reads the window that holds today by default, else the latest that began, else every session", () => {
    expect(chooseAnalyticsWindow([winter, fall], null, at("2026-09-30T23:59:00Z"), "UTC")).toBe(fall);
    expect(chooseAnalyticsWindow([fall, winter], null, at("2026-12-01T12:00:00Z"), "UTC")).toBe(fall);
    expect(chooseAnalyticsWindow([fall, winter], null, at("2027-01-10T00:00:00Z"), "UTC")).toBe(winter);
    expect(chooseAnalyticsWindow([fall, winter], null, at("2026-08-31T12:00:00Z"), "UTC")).toBeNull();
    expect(chooseAnalyticsWindow([], null, at("2026-09-10T12:00:00Z"), "UTC")).toBeNull();
  });

  it("reads the window asked for, every session for 'all', and nothing for an unknown id", () => {
    expect(chooseAnalyticsWindow([fall, winter], "w-fall", at("2027-01-15T00:00:00Z"), "UTC")).toBe(fall);
    expect(chooseAnalyticsWindow([fall, winter], ALL_WINDOWS, at("2027-01-15T00:00:00Z"), "UTC")).toBeNull();
    expect(chooseAnalyticsWindow([fall, winter], "w-spring", at("2027-01-15T00:00:00Z"), "UTC")).toBeUndefined();
  });
});

describe("onePerStudent", () => {
  const session = (sessionId: string, studentId: string, completed: boolean, startTime: number) => ({ sessionId, studentId, completed, startTime });

  it("keeps each student's latest completed session, in the order given", () => {
    const sessions = [session("a1", "ana", true, 1), session("b1", "ben", true, 2), session("a2", "ana", true, 3), session("a3", "ana", false, 4)];
    expect(onePerStudent(sessions).map((row) => row.sessionId)).toEqual(["b1", "a2"]);
  });

  it("keeps the latest session of a student who has finished none", () => {
    expect(onePerStudent([session("c2", "cy", false, 2), session("c1", "cy", false, 1)]).map((row) => row.sessionId)).toEqual(["c2"]);
  });
});
