import { describe, expect, it } from "vitest";

import { LOW_EFFORT_WARNING } from "~/domain/adaptive/effort";

import { familyReportHeader, familyReportLocale, familyReportSection, familySectionSentences, NON_STANDARD_NOTE } from "./family-report";
import { type GrowthSession, studentGrowth } from "./growth";

const FALL = { id: "fall", name: "Fall", startsOn: "2026-09-01", endsOn: "2026-09-30" };
const WINTER = { id: "winter", name: "Winter", startsOn: "2027-01-05", endsOn: "2027-01-31" };
const SPRING = { id: "spring", name: "Spring", startsOn: "2027-04-01", endsOn: "2027-04-30" };
const WINDOWS = [FALL, WINTER, SPRING];

function session(id: string, start: string, scaleScore: number, overrides: Partial<GrowthSession> = {}): GrowthSession {
  return {
    id,
    testTitle: "Grade 6 Math Check-in",
    subject: "Mathematics",
    startTime: Date.parse(start),
    completed: true,
    scaleScore,
    scaleScoreSe: 3.2,
    nonStandard: false,
    effort: 1,
    ...overrides,
  };
}

const section = (sessions: GrowthSession[], windowId: string, modules = new Map<string, Record<string, string>>()) =>
  familyReportSection("Ada", studentGrowth(WINDOWS, sessions, "UTC").subjects[0]!, windowId, modules, "UTC");

describe("the family report", () => {
  it("says the score, its likely range (± 2 SE) and the growth since the last window, in words", () => {
    const report = section(
      [session("f", "2026-09-10T09:00:00Z", 198.4), session("w", "2027-01-10T09:00:00Z", 211.6)],
      "winter",
      new Map([["w", { Fractions: "Recommended", "Whole numbers": "Mastered", Geometry: "Recommended" }]]),
    );
    expect(report).toEqual({
      subject: "Mathematics",
      testTitle: "Grade 6 Math Check-in",
      testedOn: "January 10, 2027",
      score: 212,
      likelyLow: 205,
      likelyHigh: 218,
      scoreSentence: "Ada's scale score is 212. No test is exact: the score is likely between 205 and 218.",
      growthSentence: "Since Fall (score 198), Ada's score went up 13 points. That is more than the test's measurement error, so it is likely real growth.",
      practise: ["Fractions", "Geometry"],
      mastered: ["Whole numbers"],
      notes: [],
    });
  });

  it("dates the test on the district's day: an evening test in New York on Fall's last day is in Fall, on that day", () => {
    const evening = session("f", "2026-10-01T01:00:00Z", 200);
    const report = familyReportSection("Ada", studentGrowth(WINDOWS, [evening], "America/New_York").subjects[0]!, "fall", new Map(), "America/New_York");
    expect(report?.testedOn).toBe("September 30, 2026");
  });

  it("says when a change is within measurement error, and when a drop is beyond it", () => {
    expect(section([session("f", "2026-09-10T09:00:00Z", 200), session("w", "2027-01-10T09:00:00Z", 203)], "winter")!.growthSentence).toBe(
      "Since Fall (score 200), Ada's score went up 3 points. That change is within the test's measurement error, so it may not be a real change.",
    );
    expect(section([session("f", "2026-09-10T09:00:00Z", 200), session("w", "2027-01-10T09:00:00Z", 185)], "winter")!.growthSentence).toBe(
      "Since Fall (score 200), Ada's score went down 15 points. That is more than the test's measurement error, so it is likely a real drop; Ada's teacher can say more about it.",
    );
    expect(section([session("f", "2026-09-10T09:00:00Z", 200), session("s", "2027-04-10T09:00:00Z", 200.3)], "spring")!.growthSentence).toBe(
      "Since Fall (score 200), Ada's score stayed about the same.",
    );
  });

  it("has no growth in the first window with a score", () => {
    expect(section([session("w", "2027-01-10T09:00:00Z", 205)], "winter")!.growthSentence).toBe(
      "No earlier testing window has a Mathematics score for Ada, so there is no growth to report yet.",
    );
  });

  it("describes a non-standard or low-effort session with its note, and does not measure growth from it", () => {
    const nonStandard = section([session("f", "2026-09-10T09:00:00Z", 200), session("w", "2027-01-10T09:00:00Z", 190, { nonStandard: true })], "winter")!;
    expect(nonStandard.score).toBe(190);
    expect(nonStandard.notes).toEqual([NON_STANDARD_NOTE]);
    expect(nonStandard.growthSentence).toMatch(/^Because of the note below, this score is not compared with earlier ones/);
    const hurried = section([session("w", "2027-01-10T09:00:00Z", 170, { effort: 0.4 })], "winter")!;
    expect(hurried.notes).toEqual([`Many answers were given faster than anyone could read the question. ${LOW_EFFORT_WARNING}`]);
  });

  it("describes the window's score rather than a later session that does not count", () => {
    const report = section([session("a", "2027-01-10T09:00:00Z", 205), session("b", "2027-01-20T09:00:00Z", 170, { effort: 0.3 })], "winter")!;
    expect([report.score, report.notes]).toEqual([205, []]);
  });

  it("has nothing to say for a window without a finished, scored test", () => {
    expect(section([session("w", "2027-01-10T09:00:00Z", 205)], "fall")).toBeNull();
    expect(section([session("w", "2027-01-10T09:00:00Z", 205, { completed: false })], "winter")).toBeNull();
    expect(section([session("w", "2027-01-10T09:00:00Z", 205)], "no-such-window")).toBeNull();
  });

  it("speaks Spanish to a Spanish-speaking family: its sentences, plurals and dates", () => {
    const spanish = familyReportSection(
      "Ada",
      studentGrowth(WINDOWS, [session("f", "2026-09-10T09:00:00Z", 198.4), session("w", "2027-01-10T09:00:00Z", 199.6)], "UTC").subjects[0]!,
      "winter",
      new Map([["w", { "Whole numbers": "Mastered" }]]),
      "UTC",
      "es",
    )!;
    expect(spanish.testedOn).toBe("10 de enero de 2027");
    expect(spanish.scoreSentence).toBe(
      "La puntuación en escala de Ada es 200. Ninguna prueba es exacta: lo más probable es que la puntuación esté entre 193 y 206.",
    );
    expect(spanish.growthSentence).toMatch(/^Desde Fall \(puntuación 198\), la puntuación de Ada subió 1 punto\. Ese cambio está dentro del margen de error/);
    expect(familySectionSentences(spanish, "es")).toEqual({
      measured: "Mathematics, con la prueba “Grade 6 Math Check-in” el 10 de enero de 2027.",
      masteredSentence: "Ya domina: Whole numbers.",
    });
    expect(familyReportHeader({ givenName: "Ada", grade: "5" }, WINTER, "es")).toMatchObject({
      grade: "Grado 5",
      windowDays: "Período de pruebas Winter, del 5 de enero de 2027 al 31 de enero de 2027",
    });
    expect(familyReportHeader({ givenName: "Ada", grade: "Kindergarten" }, WINTER, "es").grade).toBe("Kindergarten");
    expect(familyReportHeader({ givenName: "Ada", grade: "5" }, WINTER, "en")).toMatchObject({
      grade: "Grade 5",
      windowDays: "Testing window Winter, January 5, 2027 to January 31, 2027",
      footer: "Questions about this report? Ada's teacher can explain the scores and what to practice at home.",
    });
  });

  it("is in the language asked for on the report, else the record's, else English", () => {
    expect(familyReportLocale("es", "en")).toBe("es");
    expect(familyReportLocale("en", "es")).toBe("en");
    expect(familyReportLocale(null, "es")).toBe("es");
    expect(familyReportLocale("fr", null)).toBe("en");
    expect(familyReportLocale(null, undefined)).toBe("en");
  });
});
