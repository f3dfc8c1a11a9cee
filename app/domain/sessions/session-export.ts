import { toCsv } from "~/domain/export/csv";
import { durationSeconds, MODE_LABELS } from "./session-list";

/** A session as the Test Sessions export reads it (app/models/session-list.server.ts). */
export type ExportedSession = {
  id: string;
  userId: string;
  /** The name given at join; null for a session without a class (ADR 0016). */
  studentName: string | null;
  testTitle: string;
  testSubject: string | null;
  testMode: "placement" | "diagnostic";
  completed: boolean;
  totalScore: number | null;
  scaleScore: number | null;
  questionsAnswered: number;
  startTime: Date;
  endTime: Date | null;
  cohortId: string | null;
};

const HEADERS = ["Session ID", "Student ID", "Student name", "Test", "Subject", "Mode", "Status", "Score (%)", "Scale score", "Questions answered", "Started", "Ended", "Duration (s)", "Class ID"];

/** The filtered sessions as CSV: times in ISO 8601 UTC (a spreadsheet's to convert), a score only once completed. */
export function sessionsCsv(rows: readonly ExportedSession[]): string {
  return toCsv(
    HEADERS,
    rows.map((row) => [
      row.id,
      row.userId,
      row.studentName,
      row.testTitle,
      row.testSubject,
      MODE_LABELS[row.testMode] ?? row.testMode,
      row.completed ? "Completed" : "In Progress",
      row.completed ? row.totalScore : null,
      row.scaleScore,
      row.questionsAnswered,
      row.startTime.toISOString(),
      row.endTime?.toISOString() ?? null,
      durationSeconds(row),
      row.cohortId,
    ]),
  );
}
