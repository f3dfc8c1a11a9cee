import { json } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { competencyLinkSchema } from "~/domain/questions/question";
import { competencyExists, competencyLinks, linkCompetency, questionExists } from "~/models/questions.server";
import { apiRoute, apiError, byMethod, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/questions/{id}/competencies: its links. POST: link a competency (201, or 200 when it was linked). */
export const loader = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const id = param(params, "id");
  if (!(await questionExists(context.db, id))) return apiError(404, NOT_FOUND.question);
  return json(await competencyLinks(context.db, id));
});

export const action = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(request, {
    POST: async () => {
      const body = await parseJsonBody(request, competencyLinkSchema);
      if (!(await questionExists(context.db, id))) return apiError(404, NOT_FOUND.question);
      if (!(await competencyExists(context.db, body.competencyId))) return apiError(404, NOT_FOUND.competency);
      const result = await linkCompetency(context.db, id, body.competencyId, body.isPrimary);
      return json(result.link, { status: result.created ? 201 : 200 });
    },
  });
});
