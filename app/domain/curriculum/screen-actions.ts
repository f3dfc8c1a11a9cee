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
    create: { success: "staffToasts.competencyCreated", failure: "staffToasts.createCompetencyFailed" },
    update: { success: "staffToasts.competencyUpdated", failure: "staffToasts.updateCompetencyFailed" },
    delete: { success: "staffToasts.competencyDeleted", failure: "staffToasts.deleteCompetencyFailed" },
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
    add: { success: "staffToasts.prerequisiteAdded", failure: "staffToasts.addPrerequisiteFailed" },
    remove: { success: "staffToasts.prerequisiteRemoved", failure: "staffToasts.removePrerequisiteFailed" },
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
    create: { success: "staffToasts.curriculumCreated", failure: "staffToasts.createCurriculumFailed" },
    update: { success: "staffToasts.curriculumUpdated", failure: "staffToasts.updateCurriculumFailed" },
    delete: { success: "staffToasts.curriculumDeleted", failure: "staffToasts.deleteCurriculumFailed" },
    toggle: { success: null, failure: "staffToasts.updateCompetencyFailed" },
    selectAll: { success: null, failure: "staffToasts.selectAllFailed" },
    deselectAll: { success: null, failure: "staffToasts.deselectAllFailed" },
  },
};
