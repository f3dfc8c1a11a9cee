import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";

import { competencySchema } from "~/domain/curriculum/curriculum";
import { deleteCompetency, updateCompetency } from "~/models/competencies.server";
import { apiError, byMethod, methodNotAllowed, param, parseJsonBody, ruleErrors } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, "Competency not found");

/**
 * PUT and DELETE /api/competencies/{id}. A delete removes its question links, prerequisites
 * and curriculum memberships, never the questions, and says how many questions it unlinked.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(
    request,
    {
      PUT: async () => {
        const input = await parseJsonBody(request, competencySchema);
        return ruleErrors(async () => {
          const updated = await updateCompetency(context.db, id, input);
          return updated ? json(updated) : notFound();
        });
      },
      DELETE: async () => {
        const result = await deleteCompetency(context.db, id);
        return result ? json(result) : notFound();
      },
    },
    false,
  );
}

export async function loader({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return methodNotAllowed(["PUT", "DELETE"]);
}
