import { json } from "@remix-run/cloudflare";

import { removeCurriculumCompetency } from "~/models/curriculums.server";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { apiRoute, apiError, byMethod, methodNotAllowed, param } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** DELETE /api/curriculums/{id}/competencies/{competencyId}. */
export const action = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  return byMethod(
    request,
    {
      DELETE: async () =>
        (await removeCurriculumCompetency(context.db, param(params, "id"), param(params, "competencyId")))
          ? json({ deleted: true })
          : apiError(404, NOT_FOUND.curriculumMember),
    },
    false,
  );
});

export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["DELETE"]);
});
