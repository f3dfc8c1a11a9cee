import { z } from "zod";

import { accommodationsSchema } from "~/domain/accommodations/accommodations";
import type { ToastMessage } from "~/domain/shell/toast";
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
 * The toast of a student's deletion: what it removed, in words ("3 sessions, 41 answers, 2 class
 * memberships"), and how many session objects are still to be emptied, when emptying some failed
 * (ADR 0030). Catalog codes with their counts, rendered by the server (ADR 0045).
 */
export function erasedToast(removed: Record<string, number>, sessionObjectsLeft = 0): ToastMessage {
  const counts = { sessions: 0, answers: 0, gradingLogs: 0, overrides: 0, enrollments: 0 };
  for (const kind of Object.keys(counts) as (keyof typeof counts)[]) counts[kind] = removed[kind] ?? 0;
  return {
    title: STUDENT_MESSAGES.intents.delete.success,
    description: sessionObjectsLeft > 0 ? "staffToasts.studentErasedSomeLeft" : "staffToasts.studentErased",
    values: { ...counts, left: sessionObjectsLeft },
  };
}
