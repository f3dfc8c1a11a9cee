import { toCsv } from "~/domain/export/csv";

import type { ClassAnalyticsReport } from "./report";

/**
 * The two Cohort Analytics downloads, from the same report the page shows: one row a
 * session, and one row for every question answered (not only the top 10). Blank cells mean "no
 * figure" (a session in progress has no time; a question with few answers no calibrated difficulty).
 */
const STUDENT_CSV_HEADERS = [
  "Session ID",
  "Student ID",
  "Student name",
  "Completed",
  "Ended early",
  "Score (points)",
  "Score (%)",
  "Scale score",
  "Questions answered",
  "Competencies mastered",
  "Time (min)",
  "Needs help",
  "Non-standard",
] as const;

const QUESTION_CSV_HEADERS = [
  "Question ID",
  "Question",
  "Type",
  "Difficulty label",
  "Attempts",
  "Average points",
  "Max points",
  "Success rate (%)",
  "Calibrated difficulty",
  "Discrimination (point-biserial)",
  "Difficult?",
] as const;

const yesNo = (value: boolean) => (value ? "Yes" : "No");

export function studentPerformanceCsv(report: ClassAnalyticsReport): string {
  const needsHelp = new Map(report.strugglingStudents.map((student) => [student.sessionId, student.needsHelp]));
  return toCsv(
    STUDENT_CSV_HEADERS,
    report.studentPerformance.map((row) => [
      row.sessionId,
      row.studentId,
      row.studentName,
      yesNo(row.completed),
      yesNo(row.endedEarly),
      row.score,
      row.completed ? row.percentageScore : null,
      row.scaleScore,
      row.questionsAnswered,
      row.competenciesMastered,
      row.timeMinutes,
      needsHelp.get(row.sessionId) ?? "",
      yesNo(row.nonStandard),
    ]),
  );
}

export function questionAnalyticsCsv(report: ClassAnalyticsReport): string {
  return toCsv(
    QUESTION_CSV_HEADERS,
    report.allQuestionAnalytics.map((row) => [
      row.questionId,
      row.questionText,
      row.questionType,
      row.difficulty,
      row.totalAttempts,
      row.averageScore,
      row.maxPoints,
      row.successRate,
      row.calibratedDifficulty,
      row.discrimination,
      yesNo(row.isDifficult),
    ]),
  );
}

/** e.g. "analytics-students-{class id}.csv"; the test's id is added when the report is on one test. */
export function analyticsFileName(kind: "students" | "questions", scope: { cohortId: string; testConfigId: string | null }): string {
  return `analytics-${kind}-${scope.cohortId}${scope.testConfigId ? `-${scope.testConfigId}` : ""}.csv`;
}
