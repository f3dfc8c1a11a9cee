import { json } from "@remix-run/cloudflare";

import { cohortCreateSchema } from "~/domain/classes/cohort";
import { createCohort, listCohorts } from "~/models/cohorts.server";
import { apiRoute, byMethod, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/cohorts; POST creates a class (201), generating its join code when none is given. */
export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return json(await listCohorts(context.db));
});

export const action = apiRoute(async ({ request, context }) => {
  const admin = await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => {
      const input = await parseJsonBody(request, cohortCreateSchema);
      return json(await createCohort(context.db, input, admin.id), { status: 201 });
    },
  });
});
