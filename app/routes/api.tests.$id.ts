import { testUpdateSchema } from "~/domain/assessments/test-config";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteTest, getTestDetail, updateTest } from "~/models/tests.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET, PUT and DELETE /api/tests/{id}. PUT replaces details, sections, placements and timer
 * defaults in one batch. See docs/api-tests.md.
 */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.test,
  GET: { can: ["read", "shared-content"], handler: ({ context, params }) => getTestDetail(context.db, params.id) },
  PUT: { body: testUpdateSchema, handler: ({ context, params, body }) => updateTest(context.db, params.id, body) },
  DELETE: { handler: async ({ context, params }) => ((await deleteTest(context.db, params.id)) ? { deleted: true } : null) },
});
