import { json } from "@remix-run/cloudflare";

import { cohortUpdateSchema } from "~/domain/classes/cohort";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteCohort, updateCohort } from "~/models/cohorts.server";
import { apiError, apiRoute, byMethod, methodNotAllowed, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/**
 * PUT and DELETE /api/cohorts/{id}. A delete removes the class's members; its test sessions
 * stay (their class link is cleared) so results remain readable.
 */
export const action = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(
    request,
    {
      PUT: async () => {
        const input = await parseJsonBody(request, cohortUpdateSchema);
        return json(await updateCohort(context.db, id, input));
      },
      DELETE: async () => ((await deleteCohort(context.db, id)) ? json({ deleted: true }) : apiError(404, NOT_FOUND.cohort)),
    },
    false,
  );
});

export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["PUT", "DELETE"]);
});
