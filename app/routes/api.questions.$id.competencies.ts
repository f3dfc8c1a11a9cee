import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { competencyLinkSchema } from "~/domain/questions/question";
import { competencyExists, competencyLinks, linkCompetency, questionExists } from "~/models/questions.server";
import { apiError, byMethod, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/questions/{id}/competencies: its links. POST: link a competency (201, or 200 when it was linked). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = param(params, "id");
  if (!(await questionExists(context.db, id))) return apiError(404, "Question not found");
  return json(await competencyLinks(context.db, id));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(request, {
    POST: async () => {
      const body = await parseJsonBody(request, competencyLinkSchema);
      if (!(await questionExists(context.db, id))) return apiError(404, "Question not found");
      if (!(await competencyExists(context.db, body.competencyId))) return apiError(404, "Competency not found");
      const result = await linkCompetency(context.db, id, body.competencyId, body.isPrimary);
      return json(result.link, { status: result.created ? 201 : 200 });
    },
  });
}
