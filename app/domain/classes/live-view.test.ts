import { describe, expect, it } from "vitest";

import {
  IDLE_AFTER_MS,
  isNewsToWatchers,
  lastSeenInWords,
  liveFilterSchema,
  type LiveReport,
  liveRows,
  liveSummary,
  mergeReport,
  OFFLINE_AFTER_MS,
  REPORT_KEPT_MS,
  stateInWords,
  timeLeftInWords,
} from "./live-view";

const T0 = Date.UTC(2026, 10, 27, 9, 0);

function report(studentId: string, overrides: Partial<LiveReport> = {}): LiveReport {
  return {
    sessionId: `s-${studentId}`,
    studentId,
    startedAt: T0,
    reportedAt: T0,
    lastSeenAt: T0,
    phase: "answering",
    questionNumber: 3,
    questionsMax: 20,
    questionsAnswered: 2,
    timeRemaining: 600,
    accommodations: "None",
    lowEffort: false,
    score: null,
    ...overrides,
  };
}

describe("mergeReport", () => {
  it("keeps the last request's time when a report comes from no request (the deadline's alarm)", () => {
    const merged = mergeReport(report("a"), report("a", { reportedAt: T0 + 5000, lastSeenAt: null, phase: "finished", score: 70 }));
    expect(merged).toMatchObject({ phase: "finished", lastSeenAt: T0, reportedAt: T0 + 5000 });
  });

  it("lets a later sitting replace an earlier one, never the other way", () => {
    const earlier = report("a", { sessionId: "old", startedAt: T0 });
    const later = report("a", { sessionId: "new", startedAt: T0 + 60_000 });
    expect(mergeReport(earlier, later).sessionId).toBe("new");
    expect(mergeReport(later, { ...earlier, reportedAt: T0 + 90_000 }).sessionId).toBe("new");
  });

  it("ignores a report of the same session that arrives after a newer one", () => {
    const newer = report("a", { reportedAt: T0 + 2000, questionsAnswered: 3 });
    expect(mergeReport(newer, report("a", { reportedAt: T0 + 1000 }))).toBe(newer);
  });
});

describe("isNewsToWatchers", () => {
  const beatAt = (ms: number, overrides: Partial<LiveReport> = {}) =>
    report("a", { reportedAt: T0 + ms, lastSeenAt: T0 + ms, timeRemaining: 600 - Math.round(ms / 1000), ...overrides });

  it("is no news when only the student's last-seen time moved and their clock ticked on (a heartbeat)", () => {
    expect(isNewsToWatchers(report("a"), beatAt(30_000))).toBe(false);
    // On a break the clock stands still.
    expect(
      isNewsToWatchers(
        report("a", { phase: "on_break", questionNumber: null }),
        beatAt(30_000, { phase: "on_break", questionNumber: null, timeRemaining: 600 }),
      ),
    ).toBe(false);
  });

  it("is news for a first report, any other field, a clock that moved otherwise (more time), and being seen after an idle quiet", () => {
    expect(isNewsToWatchers(undefined, report("a"))).toBe(true);
    expect(isNewsToWatchers(report("a"), beatAt(30_000, { questionsAnswered: 3, questionNumber: 4 }))).toBe(true);
    expect(isNewsToWatchers(report("a"), beatAt(30_000, { phase: "on_break", questionNumber: null }))).toBe(true);
    expect(isNewsToWatchers(report("a"), beatAt(30_000, { timeRemaining: 870 }))).toBe(true);
    expect(isNewsToWatchers(report("a"), beatAt(IDLE_AFTER_MS + 1_000))).toBe(true);
  });
});

describe("liveRows", () => {
  const members = [
    { studentId: "a", studentName: "Ada" },
    { studentId: "b", studentName: "Ben" },
    { studentId: "c", studentName: "Cy" },
    { studentId: "d", studentName: "Di" },
    { studentId: "e", studentName: "Ed" },
  ];

  it("shows every member, the ones who need attention first: idle, offline, on a break, answering, not started, finished", () => {
    const now = T0 + OFFLINE_AFTER_MS + 1000;
    const rows = liveRows(
      members,
      [
        report("a", { phase: "finished", questionNumber: null, score: 85, reportedAt: now, lastSeenAt: now }),
        report("b", { reportedAt: now, lastSeenAt: now }),
        report("c", { lastSeenAt: now - IDLE_AFTER_MS - 1000 }),
        report("d"),
      ],
      now,
    );
    expect(rows.map((row) => [row.studentName, row.state])).toEqual([
      ["Cy", "idle"],
      ["Di", "offline"],
      ["Ben", "answering"],
      ["Ed", "not_started"],
      ["Ada", "finished"],
    ]);
    expect(rows.find((row) => row.studentId === "e")).toMatchObject({ sessionId: null, timeRemaining: null, questionsAnswered: 0 });
    expect(rows.find((row) => row.studentId === "a")).toMatchObject({ score: 85, questionNumber: null });
  });

  it("runs the clock down from the report while answering, and holds it on a break", () => {
    const rows = liveRows(members.slice(0, 2), [report("a"), report("b", { phase: "on_break", questionNumber: null })], T0 + 90_000);
    expect(rows.find((row) => row.studentId === "a")!.timeRemaining).toBe(510);
    expect(rows.find((row) => row.studentId === "b")).toMatchObject({ state: "on_break", timeRemaining: 600 });
  });

  it("keeps a student on a break on their break however long no request comes", () => {
    expect(liveRows(members.slice(0, 1), [report("a", { phase: "on_break" })], T0 + 2 * OFFLINE_AFTER_MS)[0]!.state).toBe("on_break");
    const held = liveRows(members.slice(0, 1), [report("a", { phase: "paused_by_teacher", questionNumber: null })], T0 + 2 * OFFLINE_AFTER_MS)[0]!;
    expect(held).toMatchObject({ state: "paused_by_teacher", timeRemaining: 600 });
    expect(stateInWords(held)).toBe("Paused by the teacher");
  });

  it("shows a student testing who is no longer a member by their ID, and forgets a past sitting", () => {
    const rows = liveRows([], [report("gone"), report("old", { reportedAt: T0 - REPORT_KEPT_MS - 1 })], T0);
    expect(rows.map((row) => [row.studentName, row.state])).toEqual([["gone", "answering"]]);
  });
});

describe("the words", () => {
  it("says the summary with the states anyone is in, in a fixed order", () => {
    const states = [...Array(18).fill("answering"), "idle", "idle", "on_break", ...Array(9).fill("finished")].map((state) => ({ state }));
    expect(liveSummary(states)).toBe("18 answering, 2 idle, 1 on a break, 9 finished");
    expect(liveSummary([])).toBe("No students in this class yet.");
  });

  it("says each state", () => {
    expect(stateInWords({ state: "answering", questionNumber: 3, questionsMax: 20, score: null })).toBe("Answering question 3 of up to 20");
    expect(stateInWords({ state: "finished", questionNumber: null, questionsMax: 20, score: 72.5 })).toBe("Finished (72.5%)");
    expect(stateInWords({ state: "idle", questionNumber: 3, questionsMax: 20, score: null })).toBe("Idle for more than 2 minutes");
    expect(timeLeftInWords(605)).toBe("10:05 left");
    expect(timeLeftInWords(null)).toBe("–");
    expect(lastSeenInWords(new Date(T0).toISOString(), T0 + 3 * 60_000 + 5000)).toBe("3 min ago");
    expect(lastSeenInWords(new Date(T0).toISOString(), T0 + 10_000)).toBe("just now");
    expect(lastSeenInWords(null, T0)).toBe("–");
  });

  it("reads the page's filter, anything unknown as everyone", () => {
    expect(liveFilterSchema.parse({ state: "idle" })).toEqual({ state: "idle" });
    expect(liveFilterSchema.parse({ state: "nonsense" })).toEqual({ state: undefined });
    expect(liveFilterSchema.parse({})).toEqual({});
  });
});
