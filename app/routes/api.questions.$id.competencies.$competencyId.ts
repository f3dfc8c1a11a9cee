import { json } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { competencyLinkPatchSchema } from "~/domain/questions/question";
import { setPrimaryCompetency, unlinkCompetency } from "~/models/questions.server";
import { apiRoute, apiError, byMethod, methodNotAllowed, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, NOT_FOUND.questionCompetencyLink);

/** PATCH (isPrimary) and DELETE /api/questions/{id}/competencies/{competencyId}. */
export const action = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const questionId = param(params, "id");
  const competencyId = param(params, "competencyId");
  return byMethod(
    request,
    {
      PATCH: async () => {
        const body = await parseJsonBody(request, competencyLinkPatchSchema);
        const link = await setPrimaryCompetency(context.db, questionId, competencyId, body.isPrimary);
        return link ? json(link) : notFound();
      },
      DELETE: async () => ((await unlinkCompetency(context.db, questionId, competencyId)) ? json({ deleted: true }) : notFound()),
    },
    false,
  );
});

export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["PATCH", "DELETE"]);
});
