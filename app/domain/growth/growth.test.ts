import { describe, expect, it } from "vitest";

import { growthBetween, type GrowthSession, scoreWithSe, sessionMarks, signedGrowth, studentGrowth, windowOf, windowRange, windowScore } from "./growth";

const FALL = { id: "fall", name: "Fall", startsOn: "2026-09-01", endsOn: "2026-09-30" };
const WINTER = { id: "winter", name: "Winter", startsOn: "2027-01-05", endsOn: "2027-01-31" };
const SPRING = { id: "spring", name: "Spring", startsOn: "2027-04-01", endsOn: "2027-04-30" };
const WINDOWS = [SPRING, FALL, WINTER];

const at = (iso: string) => Date.parse(iso);
let next = 0;
function session(start: string, overrides: Partial<GrowthSession> = {}): GrowthSession {
  next += 1;
  return {
    id: `s${next}`,
    testTitle: "Math Check-in",
    subject: "Mathematics",
    startTime: at(start),
    completed: true,
    scaleScore: 200,
    scaleScoreSe: 3,
    nonStandard: false,
    effort: 1,
    ...overrides,
  };
}

describe("testing windows", () => {
  it("are whole UTC days with both ends included", () => {
    expect(windowRange(FALL, "UTC")).toEqual({ fromMs: at("2026-09-01T00:00:00Z"), untilMs: at("2026-10-01T00:00:00Z") });
    expect(windowOf(WINDOWS, at("2026-09-01T00:00:00Z"), "UTC")?.id).toBe("fall");
    expect(windowOf(WINDOWS, at("2026-09-30T23:59:59.999Z"), "UTC")?.id).toBe("fall");
    expect(windowOf(WINDOWS, at("2026-10-01T00:00:00Z"), "UTC")).toBeNull();
    expect(windowOf(WINDOWS, at("2026-08-31T23:59:59.999Z"), "UTC")).toBeNull();
    expect(windowOf(WINDOWS, at("2027-04-15T12:00:00Z"), "UTC")?.id).toBe("spring");
  });
});

describe("a window's score", () => {
  it("is the latest completed standard, effortful session with a scale score", () => {
    const early = session("2026-09-02T10:00:00Z", { scaleScore: 195 });
    const late = session("2026-09-20T10:00:00Z", { scaleScore: 205, scaleScoreSe: 2.5 });
    expect(windowScore([late, early])).toEqual({ sessionId: late.id, scaleScore: 205, se: 2.5 });
  });

  it("leaves out non-standard, low-effort (under 0.9), unfinished and unscored sessions", () => {
    const standard = session("2026-09-02T10:00:00Z", { scaleScore: 195 });
    const others = [
      session("2026-09-03T10:00:00Z", { nonStandard: true }),
      session("2026-09-04T10:00:00Z", { effort: 0.89 }),
      session("2026-09-05T10:00:00Z", { completed: false }),
      session("2026-09-06T10:00:00Z", { scaleScore: null, scaleScoreSe: null }),
    ];
    expect(others.map(sessionMarks)).toEqual([["non_standard"], ["low_effort"], ["in_progress"], ["no_score"]]);
    expect(windowScore([standard, ...others])?.sessionId).toBe(standard.id);
    expect(windowScore(others)).toBeNull();
  });

  it("counts an effort of exactly 0.9, and a session whose effort was never measured", () => {
    expect(sessionMarks(session("2026-09-02T10:00:00Z", { effort: 0.9 }))).toEqual([]);
    expect(sessionMarks(session("2026-09-02T10:00:00Z", { effort: null }))).toEqual([]);
  });
});

describe("growth between two scores", () => {
  it("is their difference, with the SE of the difference √(se₁² + se₂²)", () => {
    expect(growthBetween("fall", { sessionId: "a", scaleScore: 200, se: 3 }, { sessionId: "b", scaleScore: 210, se: 4 })).toEqual({
      fromWindowId: "fall",
      growth: 10,
      seDifference: 5,
      beyondError: true,
    });
  });

  it("is beyond measurement error only when |growth| > 1.96 × SE of the difference, up or down", () => {
    const from = { sessionId: "a", scaleScore: 200, se: 3 };
    // SE of the difference 5: the line is at 9.8 points.
    expect(growthBetween("fall", from, { sessionId: "b", scaleScore: 209.79, se: 4 }).beyondError).toBe(false);
    expect(growthBetween("fall", from, { sessionId: "b", scaleScore: 209.81, se: 4 }).beyondError).toBe(true);
    expect(growthBetween("fall", from, { sessionId: "b", scaleScore: 190, se: 4 })).toMatchObject({ growth: -10, beyondError: true });
    expect(growthBetween("fall", from, { sessionId: "b", scaleScore: 195, se: 4 })).toMatchObject({ growth: -5, beyondError: false });
  });

  it("gives its figures to a tenth", () => {
    expect(growthBetween("fall", { sessionId: "a", scaleScore: 200.04, se: 2 }, { sessionId: "b", scaleScore: 203.33, se: 2 })).toMatchObject({
      growth: 3.3,
      seDifference: 2.8,
    });
  });
});

describe("a student's growth", () => {
  it("groups sessions by subject and window, every window shown, growth between consecutive scored windows", () => {
    const fall = session("2026-09-10T09:00:00Z", { scaleScore: 198, scaleScoreSe: 3 });
    const winterLowEffort = session("2027-01-10T09:00:00Z", { scaleScore: 180, effort: 0.5 });
    const spring = session("2027-04-10T09:00:00Z", { scaleScore: 212, scaleScoreSe: 4 });
    const reading = session("2027-01-12T09:00:00Z", { subject: "Reading", scaleScore: 205 });
    const outside = session("2026-12-01T09:00:00Z");
    const { subjects, outsideWindows } = studentGrowth(WINDOWS, [spring, reading, fall, winterLowEffort, outside], "UTC");

    expect(outsideWindows.map((row) => row.id)).toEqual([outside.id]);
    expect(subjects.map((subject) => subject.subject)).toEqual(["Mathematics", "Reading"]);
    const math = subjects[0]!;
    expect(math.windows.map((entry) => entry.window.id)).toEqual(["fall", "winter", "spring"]);
    expect(math.windows.map((entry) => entry.score?.scaleScore ?? null)).toEqual([198, null, 212]);
    expect(math.windows[1]!.sessions).toEqual([{ ...winterLowEffort, marks: ["low_effort"] }]);
    // Winter has no score, so Spring's growth is measured from Fall.
    expect(math.windows.map((entry) => entry.growth)).toEqual([null, null, { fromWindowId: "fall", growth: 14, seDifference: 5, beyondError: true }]);
    const reading_ = subjects[1]!;
    expect(reading_.windows.map((entry) => entry.sessions.length)).toEqual([0, 1, 0]);
    expect(reading_.windows.every((entry) => entry.growth === null)).toBe(true);
  });

  it("puts a session without a subject under 'No subject', apart from the others", () => {
    const { subjects } = studentGrowth(
      WINDOWS,
      [session("2026-09-10T09:00:00Z", { subject: null }), session("2026-09-11T09:00:00Z", { subject: "  " })],
      "UTC",
    );
    expect(subjects.map((subject) => [subject.subject, subject.windows[0]!.sessions.length])).toEqual([["No subject", 2]]);
  });

  it("is empty with no windows: every session is outside", () => {
    const { subjects, outsideWindows } = studentGrowth([], [session("2026-09-10T09:00:00Z")], "UTC");
    expect(subjects).toEqual([]);
    expect(outsideWindows).toHaveLength(1);
  });
});

describe("growth in words and figures", () => {
  it("shows a score with its SE, and growth with its sign", () => {
    expect(scoreWithSe({ scaleScore: 205.25, se: 3 })).toBe("205.3 ± 3.0");
    expect([signedGrowth(4.2), signedGrowth(-3), signedGrowth(0)]).toEqual(["+4.2", "−3.0", "0.0"]);
  });
});
