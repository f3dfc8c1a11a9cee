import { describe, expect, it } from "vitest";

import { analyticsFileName, questionAnalyticsCsv, studentPerformanceCsv } from "./analytics-csv";
import { classAnalyticsReport, type ReportSession } from "./analytics-report";

const session = (id: string, totalScore: number, options: Partial<ReportSession> = {}): ReportSession => ({
  sessionId: `s-${id}`,
  studentId: id,
  completed: true,
  totalScore,
  startTime: 0,
  endTime: 90_000,
  competenciesStatus: { Fractions: totalScore >= 60 ? "mastered" : "not_mastered" },
  moduleRecommendations: {},
  scaleScore: 190 + totalScore / 5,
  answers: [
    {
      questionId: "q1",
      questionText: "<p>Is <em>½</em> &gt; ⅓?</p>",
      questionType: "multiple_choice",
      difficulty: "easy",
      pointsEarned: totalScore >= 50 ? 1 : 0,
      maxPoints: 1,
      wasCorrect: totalScore >= 50,
    },
  ],
  ...options,
});

const lines = (csv: string) => csv.split("\r\n");

describe("analytics CSV exports", () => {
  const report = classAnalyticsReport({
    testName: "Check-in",
    cohortId: "c1",
    sessions: [
      session("=cmd|' /C calc'!A0", 10),
      session("ana", 80, { studentName: "Ana Lima" }),
      session("ben", 90, { endedEarly: true, nonStandard: true }),
      session("cy", 0, { completed: false, endTime: null, scaleScore: null, answers: [] }),
    ],
  });

  it("writes one row a session with the student's ID and name, with blanks for what a session in progress lacks, and neutralises formulas", () => {
    const [header, attacker, ana, ben, busy] = lines(studentPerformanceCsv(report));
    expect(header).toBe(
      "Session ID,Student ID,Student name,Completed,Ended early,Score (points),Score (%),Scale score,Questions answered,Competencies mastered,Time (min),Needs help,Non-standard",
    );
    // The student id typed at join starts with "=": quoted and prefixed with ', shown, never run.
    expect(attacker).toBe(`s-=cmd|' /C calc'!A0,"'=cmd|' /C calc'!A0",,Yes,No,0,10,192,1,0,1.5,urgent,No`);
    expect(ana).toBe("s-ana,ana,Ana Lima,Yes,No,1,80,206,1,1,1.5,,No");
    expect(ben).toBe("s-ben,ben,,Yes,Yes,1,90,208,1,1,1.5,,Yes");
    expect(busy).toBe("s-cy,cy,,No,No,0,,,0,0,,,No");
  });

  it("writes every question as plain text with its figures", () => {
    const [header, row, ...rest] = lines(questionAnalyticsCsv(report));
    expect(header).toBe(
      "Question ID,Question,Type,Difficulty label,Attempts,Average points,Max points,Success rate (%),Calibrated difficulty,Discrimination (point-biserial),Difficult?",
    );
    expect(row).toMatch(/^q1,Is ½ > ⅓\?,multiple_choice,easy,3,0\.7,1,66\.7,,-?[\d.]+,No$/);
    expect(rest).toEqual([]);
  });

  it("names the files after the class and the test", () => {
    expect(analyticsFileName("students", { cohortId: "c1", testConfigId: null })).toBe("analytics-students-c1.csv");
    expect(analyticsFileName("questions", { cohortId: "c1", testConfigId: "t9" })).toBe("analytics-questions-c1-t9.csv");
  });
});
