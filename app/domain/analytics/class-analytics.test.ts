import { describe, expect, it } from "vitest";

import { type AnalyticsAnswer, type AnalyticsSession, classAnalytics } from "./class-analytics";

const MINUTE = 60_000;

const answer = (questionId: string, wasCorrect: boolean, maxPoints = 2): AnalyticsAnswer => ({
  questionId,
  questionText: `Question ${questionId}`,
  questionType: "multiple_choice",
  difficulty: "medium",
  pointsEarned: wasCorrect ? maxPoints : 0,
  maxPoints,
  wasCorrect,
});

function student(id: string, totalScore: number, options: Partial<AnalyticsSession> = {}): AnalyticsSession {
  return {
    sessionId: `s-${id}`,
    studentId: id,
    completed: true,
    totalScore,
    startTime: 0,
    endTime: 10 * MINUTE,
    competenciesStatus: { Fractions: totalScore >= 60 ? "mastered" : "not_mastered", Decimals: "not_assessed" },
    moduleRecommendations: { Number: totalScore >= 60 ? "Mastered" : "Recommended" },
    answers: [answer("q1", totalScore >= 50), answer("q2", totalScore >= 80)],
    ...options,
  };
}

const analytics = (sessions: AnalyticsSession[]) => classAnalytics({ testName: "Check-in", cohortId: "c1", sessions });

describe("cohortAnalytics", () => {
  it("reports an empty class with zeros and no insights", () => {
    const result = analytics([]);
    expect(result).toMatchObject({
      totalSessions: 0,
      completedSessions: 0,
      completionRate: 0,
      averageScore: 0,
      scoreDistribution: { min: 0, max: 0, median: 0, stdDev: 0 },
      averageTimeMinutes: 0,
      strugglingStudents: [],
      studentPerformance: [],
      questionAnalytics: [],
      moduleRecommendations: {},
      insights: [],
    });
  });

  it("times a session by its clock, or by its answers' own timers when those add up to more", () => {
    const result = analytics([
      student("clock", 70, { answeringSeconds: 300 }),
      student("answers", 70, { startTime: 0, endTime: 2_000, answeringSeconds: 20 * 60 }),
    ]);
    expect(result.studentPerformance.map((entry) => [entry.studentId, entry.timeMinutes])).toEqual([
      ["clock", 10],
      ["answers", 20],
    ]);
    expect(result.averageTimeMinutes).toBe(15);
  });

  it("reports one student: nobody is below their own average or percentile", () => {
    const result = analytics([student("ana", 40)]);
    expect(result).toMatchObject({
      completedSessions: 1,
      averageScore: 40,
      scoreDistribution: { min: 40, max: 40, median: 40, stdDev: 0 },
      averageTimeMinutes: 10,
    });
    expect(result.strugglingStudents).toEqual([]);
    expect(result.studentPerformance[0]).toMatchObject({ studentId: "ana", percentageScore: 40, score: 0, questionsAnswered: 2, timeMinutes: 10 });
  });

  it("flags nobody when all scores are equal", () => {
    const result = analytics([student("a", 70), student("b", 70), student("c", 70)]);
    expect(result.strugglingStudents).toEqual([]);
    expect(result.scoreDistribution).toEqual({ min: 70, max: 70, median: 70, stdDev: 0 });
  });

  it("flags students below the 25th percentile or below 60% of the average; a tie at the percentile is not below it", () => {
    // Scores 20, 50, 50, 80, 100: P25 = 50 (a tie: the two 50s are not below it); average 60, 60% of it = 36.
    const result = analytics([student("low", 20), student("tie1", 50), student("tie2", 50), student("mid", 80), student("top", 100)]);
    expect(result.averageScore).toBe(60);
    expect(result.strugglingStudents.map((entry) => [entry.studentId, entry.needsHelp])).toEqual([["low", "urgent"]]);
    // Below 60% of the average but not below P25 counts too.
    const skewed = analytics([student("a", 10), student("b", 10), student("c", 90), student("d", 90), student("e", 90)]);
    expect(skewed.strugglingStudents.map((entry) => entry.studentId)).toEqual(["a", "b"]);
    expect(skewed.strugglingStudents.every((entry) => entry.needsHelp === "monitor")).toBe(true);
  });

  it("counts completion, competency mastery (not assessed left out) and modules recommended", () => {
    const result = analytics([student("a", 90), student("b", 30), student("c", 40), { ...student("d", 0), completed: false, endTime: null }]);
    expect(result).toMatchObject({ totalSessions: 4, completedSessions: 3, completionRate: 75 });
    expect(result.competencyMastery).toEqual({ Fractions: { name: "Fractions", mastered: 1, total: 3, percentage: 33.3, needsAttention: true } });
    expect(result.moduleRecommendations).toEqual({ Number: 2 });
    // 30 is below both P25 (35) and 60% of the average (32): an alert first.
    expect(result.insights.map((insight) => insight.type)).toEqual(["alert", "warning", "info"]);
    expect(result.studentPerformance.find((entry) => entry.studentId === "d")).toMatchObject({ completed: false, timeMinutes: null });
  });

  it("ranks questions by lowest success rate, with average points and discrimination, at most 10", () => {
    const result = analytics([student("a", 100), student("b", 60), student("c", 20)]);
    expect(result.questionAnalytics.map((question) => [question.questionId, question.successRate, question.isDifficult])).toEqual([
      ["q2", 33.3, true],
      ["q1", 66.7, false],
    ]);
    expect(result.questionAnalytics[0]).toMatchObject({ totalAttempts: 3, averageScore: 0.7, maxPoints: 2 });
    expect(result.questionAnalytics[0]!.discrimination).toBeGreaterThan(0);
    const many = analytics([student("x", 50, { answers: Array.from({ length: 14 }, (_, index) => answer(`m${index}`, index % 2 === 0)) })]);
    expect(many.questionAnalytics).toHaveLength(10);
  });

  it("treats each threshold as strict: exactly 60% of the average, 60% mastery and 50% success are not flagged", () => {
    // Scores 30, 30, 60, 60, 70: average 50, 60% of it = 30, P25 = 30; the 30s are at both lines, not below.
    const result = analytics([student("a", 30), student("b", 30), student("c", 60), student("d", 60), student("e", 70)]);
    expect(result.strugglingStudents).toEqual([]);
    // Fractions: mastered from 60 up, 3 of 5 = 60%.
    expect(result.competencyMastery.Fractions).toMatchObject({ mastered: 3, total: 5, percentage: 60, needsAttention: false });
    expect(result.insights).toEqual([]);
    const half = analytics([student("x", 40, { answers: [answer("q", true)] }), student("y", 40, { answers: [answer("q", false)] })]);
    expect(half.questionAnalytics[0]).toMatchObject({ successRate: 50, isDifficult: false });
  });

  it("leaves in-progress sessions out of scores, times and struggling, but not out of question analytics", () => {
    const busy = { ...student("busy", 0), completed: false, totalScore: null, endTime: null };
    const result = analytics([student("a", 80), student("b", 90), busy]);
    expect(result).toMatchObject({ completedSessions: 2, averageScore: 85, scoreDistribution: { min: 80, max: 90 }, averageTimeMinutes: 10 });
    expect(result.strugglingStudents.map((entry) => entry.studentId)).not.toContain("busy");
    expect(result.questionAnalytics.find((question) => question.questionId === "q1")!.totalAttempts).toBe(3);
    expect(result.studentPerformance.find((entry) => entry.studentId === "busy")).toMatchObject({ percentageScore: 0, timeMinutes: null });
  });

  it("reports a question nobody got right as difficult, with no discrimination", () => {
    const result = analytics([student("a", 40), student("b", 30), student("c", 20)]);
    expect(result.questionAnalytics.find((question) => question.questionId === "q2")).toMatchObject({
      successRate: 0,
      isDifficult: true,
      averageScore: 0,
      discrimination: null,
    });
  });
});
