import { testUpdateSchema } from "~/domain/assessments/test-config";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteTest, updateTest, viewTest } from "~/features/tests/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET, PUT and DELETE /api/tests/{id}. PUT replaces details, sections, placements and timer
 * defaults in one batch. See docs/api-tests.md.
 */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.test,
  GET: { can: ["read", "shared-content"], handler: ({ context, params, caller }) => viewTest(context, caller, params.id) },
  PUT: { body: testUpdateSchema, handler: ({ context, params, caller, body }) => updateTest(context, caller, params.id, body) },
  DELETE: { handler: ({ context, params, caller }) => deleteTest(context, caller, params.id) },
});
