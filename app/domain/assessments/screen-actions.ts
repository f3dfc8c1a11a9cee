import { z } from "zod";

import { testDetailsSchema, testUpdateSchema } from "./test-config";

/** The intents of Create New Test and the test editor, with the product's toasts ("Error, with the server message" for create and update). */

/** Create New Test posts the details as a plain form (it works without JavaScript). */
export const createTestActionSchema = z.discriminatedUnion("intent", [testDetailsSchema.extend({ intent: z.literal("create") })]);

export const CREATE_TEST_MESSAGES = {
  intents: {
    create: {
      success: { title: "staffToasts.testCreatedTitle", description: "staffToasts.testCreatedDescription" },
      failure: "staffToasts.createTestFailed",
      failureTitle: "staffToasts.errorTitle",
    },
  },
};

export const testEditorActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("save"), test: testUpdateSchema }),
  z.object({ intent: z.literal("delete") }),
]);

export const TEST_EDITOR_MESSAGES = {
  intents: {
    save: { success: "staffToasts.testUpdated", failure: "staffToasts.updateTestFailed", failureTitle: "staffToasts.errorTitle" },
    delete: { success: "staffToasts.testDeleted", failure: "staffToasts.deleteTestFailed" },
  },
};
