import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";

import { deletePrerequisite } from "~/models/competencies.server";
import { apiError, byMethod, methodNotAllowed, param } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** DELETE /api/prerequisites/{id}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return byMethod(
    request,
    {
      DELETE: async () =>
        (await deletePrerequisite(context.db, param(params, "id"))) ? json({ deleted: true }) : apiError(404, "Prerequisite not found"),
    },
    false,
  );
}

export async function loader({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed(["DELETE"]);
}
