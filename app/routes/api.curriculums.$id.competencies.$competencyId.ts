import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";

import { removeCurriculumCompetency } from "~/models/curriculums.server";
import { apiError, byMethod, methodNotAllowed, param } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** DELETE /api/curriculums/{id}/competencies/{competencyId}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return byMethod(
    request,
    {
      DELETE: async () =>
        (await removeCurriculumCompetency(context.db, param(params, "id"), param(params, "competencyId")))
          ? json({ deleted: true })
          : apiError(404, "That competency is not in this curriculum"),
    },
    false,
  );
}

export async function loader({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed(["DELETE"]);
}
