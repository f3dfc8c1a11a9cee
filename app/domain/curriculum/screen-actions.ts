import { z } from "zod";

import { recordId } from "~/lib/schema-fields";

import { competencySchema, curriculumSchema, moduleSchema } from "./curriculum";
import { MISSING_SELECTION, SELF_PREREQUISITE } from "./prerequisites";

/**
 * The intents of the Competency Manager, Prerequisites Manager and Curriculums screens, with
 * The product's toasts. Each schema is a discriminated union on `intent`, read from a form post or
 * a fetcher's JSON by services/action.server.ts.
 */

const competencyFormSchema = competencySchema.extend({ newModuleName: moduleSchema.shape.name.optional() });

export const competencyActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), values: competencyFormSchema }),
  z.object({ intent: z.literal("update"), id: recordId, values: competencyFormSchema }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);

export const COMPETENCY_MESSAGES = {
  intents: {
    create: { success: "Competency created", failure: "Failed to create competency. Please try again." },
    update: { success: "Competency updated", failure: "Failed to update competency. Please try again." },
    delete: { success: "Competency deleted", failure: "Failed to delete competency. Please try again." },
  },
};

const selection = z
  .string({ required_error: MISSING_SELECTION.message, invalid_type_error: MISSING_SELECTION.message })
  .trim()
  .min(1, MISSING_SELECTION.message);

export const prerequisiteActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), competencyId: selection, prerequisiteId: selection }),
  z.object({ intent: z.literal("remove"), id: recordId }),
]);

export const PREREQUISITE_MESSAGES = {
  intents: {
    add: { success: "Prerequisite added", failure: "Failed to add prerequisite. Please try again." },
    remove: { success: "Prerequisite removed", failure: "Failed to remove prerequisite. Please try again." },
  },
  titled: [MISSING_SELECTION, SELF_PREREQUISITE],
};

/** Form posts send "true"/"false"; a fetcher's JSON sends booleans. */
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")]);

export const curriculumActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), values: curriculumSchema }),
  z.object({ intent: z.literal("update"), id: recordId, values: curriculumSchema }),
  z.object({ intent: z.literal("delete"), id: recordId }),
  z.object({ intent: z.literal("toggle"), id: recordId, competencyId: recordId, member: flag }),
  z.object({ intent: z.literal("selectAll"), id: recordId }),
  z.object({ intent: z.literal("deselectAll"), id: recordId }),
]);

export const CURRICULUM_MESSAGES = {
  intents: {
    create: { success: "Curriculum created", failure: "Failed to create curriculum. Please try again." },
    update: { success: "Curriculum updated", failure: "Failed to update curriculum. Please try again." },
    delete: { success: "Curriculum deleted", failure: "Failed to delete curriculum. Please try again." },
    toggle: { success: null, failure: "Failed to update competency. Please try again." },
    selectAll: { success: null, failure: "Failed to select all competencies." },
    deselectAll: { success: null, failure: "Failed to deselect all competencies." },
  },
};
