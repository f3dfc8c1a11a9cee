import { z } from "zod";

import { rosterAccommodationsSchema } from "~/domain/accommodations/accommodations";
import { recordId } from "~/lib/schema-fields";

import { CLASS_NAME_REQUIRED, classCreateSchema, classUpdateSchema } from "./class";

/**
 * The intents of the Class Management screen, with the product's toasts (section 8: "Cohort
 * created, updated, deleted" and the three failure texts).
 */
export const classActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), values: classCreateSchema }),
  z.object({ intent: z.literal("update"), id: recordId, values: classUpdateSchema }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);

export const CLASS_MESSAGES = {
  intents: {
    create: { success: "staffToasts.cohortCreated", failure: "staffToasts.createCohortFailed" },
    update: { success: "staffToasts.cohortUpdated", failure: "staffToasts.updateCohortFailed" },
    delete: { success: "staffToasts.cohortDeleted", failure: "staffToasts.deleteCohortFailed" },
  },
  titled: [CLASS_NAME_REQUIRED],
};

/** A class's own page: its roster. */
export const rosterActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("enroll"), studentId: recordId }),
  z.object({ intent: z.literal("unenroll"), studentId: recordId }),
  // The API's body (PUT /api/cohorts/{id}/accommodations); its refinement runs in the shared model call.
  rosterAccommodationsSchema.innerType().extend({ intent: z.literal("accommodations") }),
  // A district admin's (ADR 0040): POST / DELETE /api/cohorts/{id}/teachers/{userId}.
  z.object({ intent: z.literal("add-teacher"), userId: recordId }),
  z.object({ intent: z.literal("remove-teacher"), userId: recordId }),
]);

export const ROSTER_MESSAGES = {
  intents: {
    accommodations: { success: "staffToasts.accommodationsSaved", failure: "staffToasts.saveAccommodationsFailed" },
    enroll: { success: "staffToasts.addedToRoster", failure: "staffToasts.addToRosterFailed" },
    unenroll: { success: "staffToasts.removedFromRoster", failure: "staffToasts.removeFromRosterFailed" },
    "add-teacher": { success: "staffToasts.teacherAdded", failure: "staffToasts.addTeacherFailed" },
    "remove-teacher": { success: "staffToasts.teacherRemoved", failure: "staffToasts.removeTeacherFailed" },
  },
};

/** A class's badges page: a student's wrong PINs forgotten, or a new badge (and PIN) issued, the old one no longer working. */
export const badgeActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reset-pin"), memberId: recordId }),
  z.object({ intent: z.literal("new-badge"), memberId: recordId }),
]);

export const BADGE_MESSAGES = {
  intents: {
    "reset-pin": { success: "staffToasts.pinTriesReset", failure: "staffToasts.resetPinTriesFailed" },
    "new-badge": { success: "staffToasts.newBadgeIssued", failure: "staffToasts.newBadgeFailed" },
  },
};
