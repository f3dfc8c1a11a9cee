import { describeAccommodations, readAccommodations } from "~/domain/accommodations/accommodations";
import type { TestMode } from "~/domain/adaptive/engine";
import { toCsv } from "~/domain/export/csv";
import type { ContentLanguage } from "~/domain/questions/content-language";

import type { CompletionReason } from "./session-contract";
import { durationSeconds, MODE_LABELS } from "./session-list";
import { wasEndedEarly } from "./session-state";

/** A session as the Test Sessions export reads it (app/models/session-list.server.ts). */
export type ExportedSession = {
  id: string;
  userId: string;
  /** The name given at join; null for a session without a class (ADR 0016). */
  studentName: string | null;
  testTitle: string;
  testSubject: string | null;
  testMode: TestMode;
  completed: boolean;
  totalScore: number | null;
  scaleScore: number | null;
  questionsAnswered: number;
  startTime: Date;
  endTime: Date | null;
  cohortId: string | null;
  completionReason: CompletionReason | null;
  accommodations: unknown;
  nonStandard: boolean;
  effort: number | null;
  /** The test's language (ADR 0044). */
  language: ContentLanguage;
};

const HEADERS = [
  "Session ID",
  "Student ID",
  "Student name",
  "Test",
  "Subject",
  "Mode",
  "Status",
  "Score (%)",
  "Ended early",
  "Scale score",
  "Questions answered",
  "Started",
  "Ended",
  "Duration (s)",
  "Class ID",
  "Accommodations",
  "Non-standard",
  "Effort (%)",
  "Language",
];

/**
 * The filtered sessions as CSV: times in ISO 8601 UTC (a spreadsheet's to convert), a score only
 * once completed, whether the student ended the session early (its score counts the rest as 0), and
 * the accommodations it ran with, with whether they made it non-standard (ADR 0032), and the share
 * of answers given with effort, not as rapid guesses (ADR 0033), and the language of the test, as
 * its code (`en`, `es`: ADR 0044).
 */
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
      wasEndedEarly(row.completionReason) ? "Yes" : "No",
      row.scaleScore,
      row.questionsAnswered,
      row.startTime.toISOString(),
      row.endTime?.toISOString() ?? null,
      durationSeconds(row),
      row.cohortId,
      describeAccommodations(readAccommodations(row.accommodations)).join("; "),
      row.nonStandard ? "Yes" : "No",
      row.effort === null ? null : Math.round(row.effort * 100),
      row.language,
    ]),
  );
}
