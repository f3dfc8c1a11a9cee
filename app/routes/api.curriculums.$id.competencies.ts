import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { curriculumMembershipSchema } from "~/domain/curriculum/curriculum";
import { addCurriculumCompetency, curriculumCompetencyList, curriculumExists } from "~/models/curriculums.server";
import { apiError, byMethod, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, "Curriculum not found");

/** GET the curriculum's competencies; POST {competencyId} adds one (201, or 200 if already a member). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const id = param(params, "id");
  if (!(await curriculumExists(context.db, id))) return notFound();
  return json(await curriculumCompetencyList(context.db, id));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(request, {
    POST: async () => {
      const { competencyId } = await parseJsonBody(request, curriculumMembershipSchema);
      if (!(await curriculumExists(context.db, id))) return notFound();
      const result = await addCurriculumCompetency(context.db, id, competencyId);
      if (!result) return apiError(404, "Competency not found");
      return json({ curriculumId: id, competencyId }, { status: result.created ? 201 : 200 });
    },
  });
}
