import { testCreateSchema } from "~/domain/assessments/test-config";
import { createTest, listTests } from "~/features/tests/use-cases.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/tests: every test, newest first. POST /api/tests: create one (201 with its config;
 * 400 naming an unknown or repeated question id). See docs/api-tests.md.
 */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  GET: { can: ["read", "shared-content"], handler: ({ context, caller }) => listTests(context, caller) },
  POST: { body: testCreateSchema, handler: async ({ context, caller, body }) => created(await createTest(context, caller, body)) },
});
