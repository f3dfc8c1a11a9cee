import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";

import { curriculumSchema } from "~/domain/curriculum/curriculum";
import { deleteCurriculum, updateCurriculum } from "~/models/curriculums.server";
import { apiError, byMethod, methodNotAllowed, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, "Curriculum not found");

/** PUT and DELETE /api/curriculums/{id}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(
    request,
    {
      PUT: async () => {
        const updated = await updateCurriculum(context.db, id, await parseJsonBody(request, curriculumSchema));
        return updated ? json(updated) : notFound();
      },
      DELETE: async () => ((await deleteCurriculum(context.db, id)) ? json({ deleted: true }) : notFound()),
    },
    false,
  );
}

export async function loader({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed(["PUT", "DELETE"]);
}
