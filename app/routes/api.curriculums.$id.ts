import { json } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { curriculumSchema } from "~/domain/curriculum/curriculum";
import { deleteCurriculum, updateCurriculum } from "~/models/curriculums.server";
import { apiRoute, apiError, byMethod, methodNotAllowed, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, NOT_FOUND.curriculum);

/** PUT and DELETE /api/curriculums/{id}. */
export const action = apiRoute(async ({ request, context, params }) => {
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
});

export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["PUT", "DELETE"]);
});
