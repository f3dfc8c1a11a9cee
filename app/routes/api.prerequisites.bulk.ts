import { json } from "@remix-run/cloudflare";

import { listPrerequisites } from "~/models/competencies.server";
import { apiRoute, methodNotAllowed } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/prerequisites/bulk: every pair, with both competencies' descriptions. */
export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return json(await listPrerequisites(context.db));
});

export const action = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["GET"]);
});
