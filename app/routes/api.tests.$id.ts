import { json } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { testUpdateSchema } from "~/domain/tests/test-config";
import { deleteTest, getTestDetail, updateTest } from "~/models/tests.server";
import { apiRoute, apiError, byMethod, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, NOT_FOUND.test);

/**
 * GET, PUT and DELETE /api/tests/{id}. PUT replaces details, sections, placements and timer
 * defaults in one batch. See docs/api-tests.md.
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const test = await getTestDetail(context.db, param(params, "id"));
  return test ? json(test) : notFound();
});

export const action = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(request, {
    PUT: async () => {
      const input = await parseJsonBody(request, testUpdateSchema);
            const updated = await updateTest(context.db, id, input);
      return updated ? json(updated) : notFound();
    },
    DELETE: async () => ((await deleteTest(context.db, id)) ? json({ deleted: true }) : notFound()),
  });
});
