import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { testUpdateSchema } from "~/domain/tests/test-config";
import { deleteTest, getTestDetail, updateTest } from "~/models/tests.server";
import { apiError, byMethod, param, parseJsonBody, ruleErrors } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, "Test not found");

/**
 * GET, PUT and DELETE /api/tests/{id}. PUT replaces details, sections, placements and timer
 * defaults in one batch. See docs/api-tests.md.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const test = await getTestDetail(context.db, param(params, "id"));
  return test ? json(test) : notFound();
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(request, {
    PUT: async () => {
      const input = await parseJsonBody(request, testUpdateSchema);
      return ruleErrors(async () => {
        const updated = await updateTest(context.db, id, input);
        return updated ? json(updated) : notFound();
      });
    },
    DELETE: async () => ((await deleteTest(context.db, id)) ? json({ deleted: true }) : notFound()),
  });
}
