import { describe, expect, it } from "vitest";

import { DomainError } from "~/lib/errors";

import {
  chooseWindowPair,
  classGrowth,
  classGrowthPoints,
  classGrowthQuerySchema,
  districtNorms,
  leftOutNote,
  leftOutStudents,
  LOCAL_NORM_MINIMUM,
  localPercentile,
  type NormEntry,
  ordinal,
  WINDOW_CHOICE_ERRORS,
  windowsWithScores,
} from "./class-growth";
import type { GrowthSession } from "./growth";
import { pairNorms } from "./growth-norms";

const FALL = { id: "fall", name: "Fall", startsOn: "2026-09-01", endsOn: "2026-09-30" };
const WINTER = { id: "winter", name: "Winter", startsOn: "2027-01-05", endsOn: "2027-01-31" };
const SPRING = { id: "spring", name: "Spring", startsOn: "2027-04-01", endsOn: "2027-04-30" };
const WINDOWS = [FALL, WINTER, SPRING];
const PAIR = { from: FALL, to: SPRING };

let next = 0;
function session(start: string, scaleScore: number, overrides: Partial<GrowthSession> = {}): GrowthSession {
  next += 1;
  return {
    id: `s${next}`,
    testTitle: "Math",
    subject: "Mathematics",
    startTime: Date.parse(start),
    completed: true,
    scaleScore,
    scaleScoreSe: 3,
    nonStandard: false,
    effort: 1,
    ...overrides,
  };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? [error.kind, error.message] : error;
  }
  return null;
};

describe("the windows a class view compares", () => {
  const sessions = [session("2026-09-10T09:00:00Z", 200), session("2027-01-10T09:00:00Z", 205), session("2027-04-10T09:00:00Z", 190, { nonStandard: true })];

  it("default to the last two windows in which the class has scores", () => {
    const withScores = windowsWithScores(WINDOWS, sessions, "UTC");
    expect(withScores.map((window) => window.id)).toEqual(["fall", "winter"]);
    expect(chooseWindowPair(WINDOWS, withScores, {})).toEqual({ from: FALL, to: WINTER });
  });

  it("are none while fewer than two windows have scores", () => {
    expect(chooseWindowPair(WINDOWS, [FALL], {})).toBeNull();
    expect(chooseWindowPair([], [], {})).toBeNull();
  });

  it("are the ones asked for, even without scores", () => {
    expect(chooseWindowPair(WINDOWS, [], { from: "winter", to: "spring" })).toEqual({ from: WINTER, to: SPRING });
  });

  it("refuse unknown ids, only one of the two, and a from not before to (400)", () => {
    expect(refusal(() => chooseWindowPair(WINDOWS, [], { from: "nope", to: "spring" }))).toEqual(["invalid", WINDOW_CHOICE_ERRORS.unknownFrom]);
    expect(refusal(() => chooseWindowPair(WINDOWS, [], { from: "fall", to: "nope" }))).toEqual(["invalid", WINDOW_CHOICE_ERRORS.unknownTo]);
    expect(refusal(() => chooseWindowPair(WINDOWS, [], { from: "fall" }))).toEqual(["invalid", WINDOW_CHOICE_ERRORS.onlyOne]);
    expect(refusal(() => chooseWindowPair(WINDOWS, [], { from: "spring", to: "fall" }))).toEqual(["invalid", WINDOW_CHOICE_ERRORS.order]);
    expect(refusal(() => chooseWindowPair(WINDOWS, [], { from: "fall", to: "fall" }))).toEqual(["invalid", WINDOW_CHOICE_ERRORS.order]);
  });

  it("are read from a query that takes only from and to", () => {
    expect(classGrowthQuerySchema.parse({ from: " fall ", to: "spring" })).toEqual({ from: "fall", to: "spring" });
    expect(classGrowthQuerySchema.safeParse({ from: "" }).success).toBe(false);
    expect(classGrowthQuerySchema.safeParse({ from: "x".repeat(201) }).success).toBe(false);
    expect(classGrowthQuerySchema.safeParse({ window: "fall" }).success).toBe(false);
  });
});

describe("local percentiles of growth", () => {
  const band = (count: number, start = 200): NormEntry[] => Array.from({ length: count }, (_, index) => ({ start, growth: index }));

  it("are withheld until the band holds the minimum number of students", () => {
    expect(localPercentile(band(LOCAL_NORM_MINIMUM - 1), 200, 5)).toEqual({ percentile: null, bandSize: 29 });
    expect(localPercentile(band(LOCAL_NORM_MINIMUM), 200, 5).percentile).not.toBeNull();
  });

  it("rank growth among students who started within 5 scale points, ties counted as half below", () => {
    const norms = [...band(40, 203), ...band(40, 190)];
    // 40 in the band (190 is 10 points away); growths 0..39, 10 is the 11th: 10 below and itself half.
    expect(localPercentile(norms, 198, 10)).toEqual({ percentile: 26, bandSize: 40 });
    expect(localPercentile(norms, 205.5, 10).bandSize).toBe(40);
    expect(localPercentile(norms, 208.01, 10).bandSize).toBe(0);
  });

  it("stay between 1 and 99", () => {
    expect(localPercentile(band(40), 200, -50).percentile).toBe(1);
    expect(localPercentile(band(40), 200, 500).percentile).toBe(99);
  });

  it("come from each district student's counted scores in both windows of the pair, by subject", () => {
    const rows = [
      { ...session("2026-09-10T09:00:00Z", 200), studentRecordId: "a" },
      { ...session("2027-04-10T09:00:00Z", 208), studentRecordId: "a" },
      { ...session("2026-09-10T09:00:00Z", 195), studentRecordId: "b" },
      { ...session("2027-04-10T09:00:00Z", 199, { effort: 0.2 }), studentRecordId: "b" },
      { ...session("2026-09-10T09:00:00Z", 190, { subject: "Reading" }), studentRecordId: "b" },
      { ...session("2027-04-12T09:00:00Z", 193, { subject: "Reading" }), studentRecordId: "b" },
    ];
    expect(Object.fromEntries(districtNorms(PAIR, rows, "UTC"))).toEqual({ Mathematics: [{ start: 200, growth: 8 }], Reading: [{ start: 190, growth: 3 }] });
  });
});

describe("a class's growth", () => {
  const students = [
    { id: "z", name: "Zoe Young", sessions: [session("2026-09-10T09:00:00Z", 200), session("2027-04-10T09:00:00Z", 215)] },
    { id: "a", name: "Ann Abel", sessions: [session("2026-09-11T09:00:00Z", 210), session("2027-04-11T09:00:00Z", 212)] },
    { id: "m", name: "Max Moss", sessions: [session("2026-09-12T09:00:00Z", 205), session("2027-04-12T09:00:00Z", 190)] },
    { id: "n", name: "Noor Nash", sessions: [session("2026-09-12T09:00:00Z", 205, { nonStandard: true }), session("2027-04-12T09:00:00Z", 207)] },
    { id: "e", name: "Eli Empty", sessions: [] },
  ];

  it("lists every student by name with start, end and growth; the median and how many moved beyond measurement error", () => {
    const [math, ...others] = classGrowth(PAIR, students, pairNorms(new Map()), "UTC");
    expect(others).toEqual([]);
    expect(math!.subject).toBe("Mathematics");
    expect(math!.rows.map((row) => [row.name, row.start?.scaleScore ?? null, row.end?.scaleScore ?? null, row.growth?.growth ?? null])).toEqual([
      ["Ann Abel", 210, 212, 2],
      ["Eli Empty", null, null, null],
      ["Max Moss", 205, 190, -15],
      ["Noor Nash", null, 207, null],
      ["Zoe Young", 200, 215, 15],
    ]);
    // SE of the difference √18 ≈ 4.2: 15 points either way is beyond 1.96 × 4.2, 2 is not.
    expect(math!.rows.map((row) => row.growth?.beyondError ?? null)).toEqual([false, null, true, null, true]);
    expect(math!.rows.find((row) => row.name === "Noor Nash")!.startMarks).toEqual(["non_standard"]);
    expect(math).toMatchObject({ withGrowth: 3, medianGrowth: 2, grewBeyondError: 1, fellBeyondError: 1, districtStudents: 0 });
    expect(math!.rows.every((row) => row.percentile === null)).toBe(true);
  });

  it("gives local percentiles once the district's band is large enough: the stored norms' answer for the class's own points", () => {
    // The district: 40 students who started at 202, and the class's own students with growth.
    const entries = [
      ...Array.from({ length: 40 }, (_, index) => ({ start: 202, growth: index - 10 })),
      ...classGrowthPoints(PAIR, students, "UTC").map(({ start, growth }) => ({ start, growth })),
    ];
    const [math] = classGrowth(PAIR, students, pairNorms(new Map([["Mathematics", entries]])), "UTC");
    const percentiles = Object.fromEntries(math!.rows.map((row) => [row.name, [row.percentile, row.bandSize]]));
    expect(percentiles).toEqual({
      "Ann Abel": [null, 2],
      "Eli Empty": [null, 0],
      "Max Moss": [1, 43],
      "Noor Nash": [null, 0],
      "Zoe Young": [64, 42],
    });
    // What the whole district's entries gave the view before norms were stored.
    for (const row of math!.rows.filter((row) => row.growth))
      expect([row.percentile, row.bandSize]).toEqual(Object.values(localPercentile(entries, row.start!.scaleScore, row.growth!.growth)));
    expect(math!.districtStudents).toBe(43);
  });

  it("shows no percentile, and no band, for a student the stored norms do not hold yet", () => {
    const [math] = classGrowth(PAIR, students, pairNorms(new Map([["Mathematics", [{ start: 202, growth: 1 }]]])), "UTC");
    expect(math!.rows.find((row) => row.name === "Zoe Young")).toMatchObject({ percentile: null, bandSize: null });
    expect(math!.districtStudents).toBe(1);
  });

  it("is empty when no student has a session in either window", () => {
    expect(
      classGrowth(
        { from: WINTER, to: SPRING },
        [students[0]!].map((student) => ({ ...student, sessions: [student.sessions[0]!] })),
        pairNorms(new Map()),
        "UTC",
      ),
    ).toEqual([]);
  });
});

describe("percentiles in words", () => {
  it("are ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 50, 99].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "50th",
      "99th",
    ]);
  });
});

describe("leftOutStudents and leftOutNote", () => {
  const window = { id: "w1", name: "Fall", startsOn: "2026-09-01", endsOn: "2026-09-30" };
  const session = (id: string, overrides: Partial<GrowthSession> = {}): GrowthSession => ({
    id,
    testTitle: "Math",
    subject: "Mathematics",
    startTime: Date.parse("2026-09-10T15:00:00Z"),
    completed: true,
    scaleScore: 200,
    scaleScoreSe: 4,
    nonStandard: false,
    effort: 1,
    ...overrides,
  });

  it("counts the students whose every session in a window was left out, by reason, and those who never tested in one", () => {
    const leftOut = leftOutStudents(
      [window],
      [
        { id: "a", name: "Ana", sessions: [session("a1", { effort: 0.4 })] },
        { id: "b", name: "Ben", sessions: [session("b1", { effort: 0.5 }), session("b2", { completed: false, scaleScore: null, scaleScoreSe: null })] },
        { id: "c", name: "Cy", sessions: [session("c1"), session("c2", { effort: 0.1 })] },
        { id: "d", name: "Dee", sessions: [session("d1", { startTime: Date.parse("2026-10-10T15:00:00Z") })] },
        { id: "e", name: "Eve", sessions: [] },
      ],
      "UTC",
    );
    expect(leftOut).toEqual({ withSessions: 2, byMark: { low_effort: 2, in_progress: 1 }, withoutSessions: 2 });
    expect(leftOutNote(leftOut)).toBe(
      "2 students were left out because no session of theirs counted: 2 of low effort (too many rapid guesses), 1 not finished. 2 students have not taken a test in any testing window.",
    );
    expect(leftOutNote({ withSessions: 1, byMark: { low_effort: 1 }, withoutSessions: 0 })).toBe(
      "1 student was left out because no session of theirs counted: 1 of low effort (too many rapid guesses).",
    );
    expect(leftOutNote({ withSessions: 0, byMark: {}, withoutSessions: 0 })).toBe("");
  });
});
