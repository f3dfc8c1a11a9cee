import { json } from "@remix-run/cloudflare";

import { allCompetencyLinks } from "~/models/questions.server";
import { apiRoute, methodNotAllowed } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/questions/competencies/all: every question-competency link. */
export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return json(await allCompetencyLinks(context.db));
});

export const action = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["GET"]);
});
