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
    create: { success: "Cohort created", failure: "Failed to create cohort. Please try again." },
    update: { success: "Cohort updated", failure: "Failed to update cohort. Please try again." },
    delete: { success: "Cohort deleted", failure: "Failed to delete cohort." },
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
    accommodations: { success: "Accommodations saved", failure: "Failed to save the accommodations." },
    enroll: { success: "Added to the roster", failure: "Failed to add the student to the roster." },
    unenroll: { success: "Removed from the roster", failure: "Failed to remove the student from the roster." },
    "add-teacher": { success: "Teacher added to the class", failure: "Failed to add the teacher." },
    "remove-teacher": { success: "Teacher removed from the class", failure: "Failed to remove the teacher." },
  },
};

/** A class's badges page: a student's wrong PINs forgotten, or a new badge (and PIN) issued, the old one no longer working. */
export const badgeActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("reset-pin"), memberId: recordId }),
  z.object({ intent: z.literal("new-badge"), memberId: recordId }),
]);

export const BADGE_MESSAGES = {
  intents: {
    "reset-pin": { success: "PIN tries reset: the student can try again now", failure: "Failed to reset the PIN tries." },
    "new-badge": { success: "New badge issued: print it, the old one no longer works", failure: "Failed to issue a new badge." },
  },
};
