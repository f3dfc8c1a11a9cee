import { z } from "zod";

import { rosterAccommodationsSchema } from "~/domain/accommodations/accommodations";
import { proctorFields, requireMinutesWhenExtending } from "~/domain/sessions/proctor";
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

/** The sessions a Live page's form names: one (a row's own button) or the selected rows' checkboxes, which a form posts as one value or many. */
const selectedSessions = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string().trim().min(1).max(200)).min(1, "Select at least one student who is testing.").max(200),
);

/**
 * A class's Live page (ADR 0046): a teacher's action on one student's session or on the selected
 * ones (the API's fields and rule, `domain/sessions/proctor.ts`), Pause all / Resume all, and a
 * student's PIN tries reset.
 */
export const liveActionSchema = z
  .discriminatedUnion("intent", [
    // `confirmed`: End's confirm step answered (the dialog with JavaScript, the confirm panel without).
    z.object({ intent: z.literal("proctor"), sessionIds: selectedSessions, ...proctorFields, confirmed: z.literal("yes").optional() }),
    z.object({ intent: z.literal("proctor-class"), action: z.enum(["pause", "resume"]) }),
    z.object({ intent: z.literal("reset-pin"), studentId: z.string().trim().min(1).max(200) }),
  ])
  .superRefine((input, context) => {
    if (input.intent === "proctor") requireMinutesWhenExtending(input, context);
  });

export const LIVE_MESSAGES = {
  intents: {
    proctor: { success: "Done", failure: "Failed to change the selected tests." },
    "proctor-class": { success: "Done", failure: "Failed to change the class's tests." },
    "reset-pin": { success: "PIN tries reset: the student can try again now", failure: "Failed to reset the PIN tries." },
  },
};

/**
 * End cannot be undone, so it asks first: with JavaScript a dialog does; a page without it posts
 * End as it is, and the action answers the confirm step instead of ending (ADR 0046). Only a post
 * that carries the confirm's answer ends.
 */
export const endNeedsConfirm = (input: { action: string; confirmed?: "yes" }) => input.action === "end" && input.confirmed !== "yes";

/** The confirm step's words, the dialog's and the page's without JavaScript. */
export const endConfirmTitle = (count: number) => `End ${count} test${count === 1 ? "" : "s"} now?`;
export const END_TESTS_WARNING =
  "Each selected student's test ends now and is scored as it stands: the questions they did not reach count as wrong. This cannot be undone.";

const PROCTOR_DONE = { pause: "Paused", resume: "Resumed", extend: "Added time to", end: "Ended" } as const;

/** The toast after an action on selected tests: how many it changed and, when some were refused, why the first was. */
export function proctorToast(action: keyof typeof PROCTOR_DONE, changed: number, refusals: string[], minutes?: number) {
  const tests = (n: number) => `${n} test${n === 1 ? "" : "s"}`;
  const extra = action === "extend" && minutes ? ` (${minutes} minute${minutes === 1 ? "" : "s"})` : "";
  const title = `${PROCTOR_DONE[action]} ${tests(changed)}${extra}`;
  return refusals.length ? { title, description: `${tests(refusals.length)} not changed: ${refusals[0]}` } : { title };
}

/** The toast after Pause all / Resume all. */
export function classProctorToast(counts: { paused?: number; resumed?: number; skipped: number }) {
  const pausing = counts.paused !== undefined;
  const changed = counts.paused ?? counts.resumed ?? 0;
  const title = `${pausing ? "Paused" : "Resumed"} ${changed} test${changed === 1 ? "" : "s"} of the class`;
  if (!counts.skipped) return { title };
  return { title, description: `${counts.skipped} skipped: ${pausing ? "already paused or over" : "not paused by the teacher, or over"}.` };
}
