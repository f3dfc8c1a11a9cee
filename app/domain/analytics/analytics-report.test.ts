import { describe, expect, it } from "vitest";

import { binValues, classAnalyticsReport, type ReportSession } from "./analytics-report";
import type { AnalyticsAnswer } from "./class-analytics";

const MINUTE = 60_000;

const answer = (questionId: string, pointsEarned: number, overrides: Partial<AnalyticsAnswer> = {}): AnalyticsAnswer => ({
  questionId,
  questionText: `<p>What is <strong>${questionId}</strong>?</p>`,
  questionType: "multiple_choice",
  difficulty: "medium",
  pointsEarned,
  maxPoints: 2,
  wasCorrect: pointsEarned === 2,
  ...overrides,
});

function session(id: string, totalScore: number | null, answers: AnalyticsAnswer[], options: Partial<ReportSession> = {}): ReportSession {
  return {
    sessionId: `s-${id}`,
    studentId: id,
    completed: true,
    totalScore,
    startTime: 0,
    endTime: 12 * MINUTE,
    competenciesStatus: {},
    moduleRecommendations: {},
    scaleScore: totalScore === null ? null : 180 + totalScore / 2.5,
    answers,
    ...options,
  };
}

const report = (sessions: ReportSession[]) => classAnalyticsReport({ testName: "Check-in", cohortId: "c1", sessions });

describe("binValues", () => {
  it("puts a value on an inner edge in the upper bin and the range's end in the last bin", () => {
    const bins = binValues([0, 9.9, 10, 55, 99.9, 100], { from: 0, to: 100 }, 10);
    expect(bins).toHaveLength(10);
    expect(bins[0]).toEqual({ from: 0, to: 10, count: 2 });
    expect(bins[1]).toEqual({ from: 10, to: 20, count: 1 });
    expect(bins[5]!.count).toBe(1);
    expect(bins[9]).toEqual({ from: 90, to: 100, count: 2 });
  });

  it("counts values outside the range into the end bins", () => {
    const bins = binValues([150, 250], { from: 160, to: 240 }, 5);
    expect(bins).toHaveLength(16);
    expect([bins[0]!.count, bins[15]!.count]).toEqual([1, 1]);
    expect(bins[15]).toMatchObject({ from: 235, to: 240 });
  });
});

describe("cohortAnalyticsReport", () => {
  it("reports an empty class: empty bins, no scale scores, no questions", () => {
    const result = report([]);
    expect(result.totalSessions).toBe(0);
    expect(result.scoreHistogram.map((bin) => bin.count)).toEqual(Array(10).fill(0));
    expect(result.scaleScoreDistribution).toMatchObject({ count: 0, mean: null, median: null, stdDev: null });
    expect(result.scaleScoreDistribution.bins.every((bin) => bin.count === 0)).toBe(true);
    expect([result.questionAnalytics, result.allQuestionAnalytics]).toEqual([[], []]);
  });

  it("reports one student: one histogram entry, their scale score, too few answers to calibrate", () => {
    const result = report([session("ana", 45, [answer("q1", 2), answer("q2", 0)], { scaleScore: 203.4 })]);
    expect(result.scoreHistogram[4]).toEqual({ from: 40, to: 50, count: 1 });
    expect(result.scaleScoreDistribution).toMatchObject({ count: 1, mean: 203.4, median: 203.4, stdDev: 0 });
    expect(result.scaleScoreDistribution.bins.find((bin) => bin.count)).toEqual({ from: 200, to: 205, count: 1 });
    expect(result.allQuestionAnalytics.map((row) => row.calibratedDifficulty)).toEqual([null, null]);
  });

  it("puts equal scores in one bin with no spread", () => {
    const result = report(["a", "b", "c"].map((id) => session(id, 70, [answer("q1", 2)], { scaleScore: 208 })));
    expect(result.scoreHistogram.filter((bin) => bin.count)).toEqual([{ from: 70, to: 80, count: 3 }]);
    expect(result.scaleScoreDistribution).toMatchObject({ count: 3, mean: 208, stdDev: 0 });
  });

  it("leaves in-progress sessions out of the distributions but counts their answers per question", () => {
    const result = report([
      session("done", 80, [answer("q1", 2)], { scaleScore: 212 }),
      session("busy", null, [answer("q1", 0)], { completed: false, endTime: null, scaleScore: 195 }),
    ]);
    expect(result.studentPerformance.map((row) => row.scaleScore)).toEqual([212, null]);
    expect(result.scoreHistogram.reduce((sum, bin) => sum + bin.count, 0)).toBe(1);
    expect(result.scaleScoreDistribution.count).toBe(1);
    expect(result.allQuestionAnalytics[0]).toMatchObject({ questionId: "q1", totalAttempts: 2, successRate: 50 });
  });

  it("leaves non-standard sessions out of the scale-score distribution and the calibration, and counts them", () => {
    const standard = ["a", "b", "c", "d", "e", "f"].map((id, index) =>
      session(id, 50, [answer("q1", index % 2 ? 2 : 0), answer("q2", 2)], { scaleScore: 200 }),
    );
    const accommodated = session("x", 100, [answer("q1", 2), answer("q2", 2)], { scaleScore: 230, nonStandard: true });
    const result = report([...standard, accommodated]);
    expect(result.scaleScoreDistribution).toMatchObject({ count: 6, mean: 200, nonStandardLeftOut: 1 });
    expect(result.allQuestionAnalytics.map((row) => row.calibratedDifficulty)).toEqual(
      report(standard).allQuestionAnalytics.map((row) => row.calibratedDifficulty),
    );
    // The student's own result stands.
    expect(result.studentPerformance.find((row) => row.studentId === "x")!.scaleScore).toBe(230);
  });

  it("keeps the product's top 10 and every question in allQuestionAnalytics, as plain text", () => {
    const answers = Array.from({ length: 12 }, (_, index) => answer(`q${index}`, index % 3 === 0 ? 0 : 2));
    const result = report([session("a", 60, answers), session("b", 40, answers)]);
    expect(result.questionAnalytics).toHaveLength(10);
    expect(result.allQuestionAnalytics).toHaveLength(12);
    expect(result.questionAnalytics).toEqual(result.allQuestionAnalytics.slice(0, 10));
    expect(result.allQuestionAnalytics[0]!.questionText).toBe("What is q0?");
  });

  it("calibrates each question from the class's answers: harder for the class, higher b; null under 5 answers", () => {
    // 12 students of rising ability; "none" nobody gets right, "few" only the top 3, "most" all but the bottom 3.
    const sessions = Array.from({ length: 12 }, (_, index) =>
      session(`p${index}`, 10 + index * 7, [
        answer("none", 0),
        answer("few", index >= 9 ? 2 : 0),
        answer("most", index >= 3 ? 2 : 0),
        // A partial credit counts as its share of the points.
        answer("half", 1, { wasCorrect: false }),
        ...(index < 4 ? [answer("rare", 2, { difficulty: "hard" })] : []),
      ]),
    );
    const rows = new Map(report(sessions).allQuestionAnalytics.map((row) => [row.questionId, row]));
    const b = (id: string) => rows.get(id)!.calibratedDifficulty!;
    expect(b("none")).toBeGreaterThan(b("few"));
    expect(b("few")).toBeGreaterThan(b("half"));
    expect(b("half")).toBeGreaterThan(b("most"));
    expect(rows.get("rare")!.calibratedDifficulty).toBeNull();
    // Nobody right: success 0, difficult, no discrimination (undefined), yet a finite difficulty.
    expect(rows.get("none")).toMatchObject({ successRate: 0, isDifficult: true, discrimination: null, averageScore: 0 });
    expect(Number.isFinite(b("none"))).toBe(true);
    expect(rows.get("few")!.discrimination).toBeGreaterThan(0.5);
  });
});
