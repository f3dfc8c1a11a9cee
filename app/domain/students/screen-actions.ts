import { z } from "zod";

import { accommodationsSchema } from "~/domain/accommodations/accommodations";
import { recordId } from "~/lib/schema-fields";

import { recreateDeletedField } from "./oneroster";
import { studentInputSchema } from "./student";
import { rosterImportBodySchema } from "./student-csv";

/** "1" applies an import; anything else previews it (the dialog's first step). */
const applyField = z.enum(["0", "1"]).default("0");

/**
 * The Students screen's intents: add one student, and the import dialog's two kinds of file,
 * each previewed first and then applied. The OneRoster zip comes as a multipart form post.
 */
export const studentsActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), values: studentInputSchema }),
  rosterImportBodySchema.extend({ intent: z.literal("import-csv"), apply: applyField }),
  z.object({ intent: z.literal("import-oneroster"), apply: applyField, file: z.unknown(), recreateDeleted: recreateDeletedField }),
]);

export const STUDENTS_MESSAGES = {
  intents: {
    create: { success: "staffToasts.studentAdded", failure: "staffToasts.addStudentFailed" },
    "import-csv": { success: null, failure: "staffToasts.importRosterFailed" },
    "import-oneroster": { success: null, failure: "staffToasts.importOneRosterFailed" },
  },
};

/** A student's page: their record edited, the student taken off a class's roster, or the student and all their data deleted. */
export const studentActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update"), values: studentInputSchema }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("unenroll"), cohortId: recordId }),
  z.object({ intent: z.literal("accommodations"), values: accommodationsSchema }),
]);

export const STUDENT_MESSAGES = {
  intents: {
    update: { success: "staffToasts.studentUpdated", failure: "staffToasts.updateStudentFailed" },
    unenroll: { success: "staffToasts.removedFromClassRoster", failure: "staffToasts.removeFromRosterFailed" },
    delete: { success: "staffToasts.studentDeleted", failure: "staffToasts.deleteStudentFailed" },
    accommodations: { success: "staffToasts.accommodationsSaved", failure: "staffToasts.saveAccommodationsFailed" },
  },
};

/**
 * What a deletion removed, in words: "3 sessions, 41 answers, 2 class memberships", and how many
 * session objects are still to be emptied, when emptying some failed (ADR 0030).
 */
export function deletionSummary(removed: Record<string, number>, sessionObjectsLeft = 0): string {
  const words: Record<string, [string, string]> = {
    sessions: ["session", "sessions"],
    answers: ["answer", "answers"],
    gradingLogs: ["model grading log", "model grading logs"],
    overrides: ["grade override", "grade overrides"],
    enrollments: ["class membership", "class memberships"],
  };
  const parts = Object.entries(words).map(([key, [one, many]]) => `${removed[key] ?? 0} ${(removed[key] ?? 0) === 1 ? one : many}`);
  const left =
    sessionObjectsLeft > 0
      ? ` ${sessionObjectsLeft === 1 ? "1 session's stored attempt is" : `${sessionObjectsLeft} sessions' stored attempts are`} still to be emptied: the nightly run empties them.`
      : "";
  return `Erased with ${parts.join(", ")}.${left}`;
}
