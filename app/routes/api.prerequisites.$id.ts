import { json } from "@remix-run/cloudflare";

import { deletePrerequisite } from "~/models/competencies.server";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { apiRoute, apiError, byMethod, methodNotAllowed, param } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** DELETE /api/prerequisites/{id}. */
export const action = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  return byMethod(
    request,
    {
      DELETE: async () =>
        (await deletePrerequisite(context.db, param(params, "id"))) ? json({ deleted: true }) : apiError(404, NOT_FOUND.prerequisite),
    },
    false,
  );
});

export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["DELETE"]);
});
