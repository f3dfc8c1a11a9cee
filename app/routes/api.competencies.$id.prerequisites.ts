import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";

import { prerequisiteSchema } from "~/domain/curriculum/curriculum";
import { addPrerequisite } from "~/models/competencies.server";
import { byMethod, methodNotAllowed, param, parseJsonBody, ruleErrors } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** POST /api/competencies/{id}/prerequisites {prerequisiteId}: 201; 400 self; 404 unknown; 409 duplicate or cycle. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return byMethod(
    request,
    {
      POST: async () => {
        const body = await parseJsonBody(request, prerequisiteSchema);
        return ruleErrors(async () => json(await addPrerequisite(context.db, param(params, "id"), body.prerequisiteId), { status: 201 }));
      },
    },
    false,
  );
}

export async function loader({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed(["POST"]);
}
