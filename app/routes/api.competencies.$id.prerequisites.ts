import { json } from "@remix-run/cloudflare";

import { prerequisiteSchema } from "~/domain/curriculum/curriculum";
import { addPrerequisite } from "~/models/competencies.server";
import { apiRoute, byMethod, methodNotAllowed, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** POST /api/competencies/{id}/prerequisites {prerequisiteId}: 201; 400 self; 404 unknown; 409 duplicate or cycle. */
export const action = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  return byMethod(
    request,
    {
      POST: async () => {
        const body = await parseJsonBody(request, prerequisiteSchema);
        return json(await addPrerequisite(context.db, param(params, "id"), body.prerequisiteId), { status: 201 });
      },
    },
    false,
  );
});

export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["POST"]);
});
