import { json } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { curriculumMembershipSchema } from "~/domain/curriculum/curriculum";
import { addCurriculumCompetency, curriculumCompetencyList, curriculumExists } from "~/models/curriculums.server";
import { apiRoute, apiError, byMethod, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, NOT_FOUND.curriculum);

/** GET the curriculum's competencies; POST {competencyId} adds one (201, or 200 if already a member). */
export const loader = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const id = param(params, "id");
  if (!(await curriculumExists(context.db, id))) return notFound();
  return json(await curriculumCompetencyList(context.db, id));
});

export const action = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(request, {
    POST: async () => {
      const { competencyId } = await parseJsonBody(request, curriculumMembershipSchema);
      if (!(await curriculumExists(context.db, id))) return notFound();
      const result = await addCurriculumCompetency(context.db, id, competencyId);
      if (!result) return apiError(404, NOT_FOUND.competency);
      return json({ curriculumId: id, competencyId }, { status: result.created ? 201 : 200 });
    },
  });
});
