import { json } from "@remix-run/cloudflare";

import { apiRoute, methodNotAllowed, param } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { readGradingReview } from "~/services/grade-overrides.server";

/**
 * GET /api/sessions/{id}/ai-grading (SPEC.md section 7): the session's grading logs, oldest first,
 * each with its cost, injection-screen flags, teacher overrides and the grade in force, and the
 * session's cost. Admins only.
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  return json((await readGradingReview(context, param(params, "id"))).review);
});

export const action = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["GET"]);
});
