import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";

import { competencyLinkPatchSchema } from "~/domain/questions/question";
import { setPrimaryCompetency, unlinkCompetency } from "~/models/questions.server";
import { apiError, byMethod, methodNotAllowed, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, "This question is not linked to that competency");

/** PATCH (isPrimary) and DELETE /api/questions/{id}/competencies/{competencyId}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
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
}

export async function loader({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed(["PATCH", "DELETE"]);
}
