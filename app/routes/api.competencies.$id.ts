import { json } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { competencySchema } from "~/domain/curriculum/curriculum";
import { deleteCompetency, saveCompetency } from "~/models/competencies.server";
import { apiRoute, apiError, byMethod, methodNotAllowed, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, NOT_FOUND.competency);

/**
 * PUT and DELETE /api/competencies/{id}. A delete removes its question links, prerequisites
 * and curriculum memberships, never the questions, and says how many questions it unlinked.
 */
export const action = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(
    request,
    {
      PUT: async () => {
        const input = await parseJsonBody(request, competencySchema);
                return json(await saveCompetency(context.db, id, input));
      },
      DELETE: async () => {
        const result = await deleteCompetency(context.db, id);
        return result ? json(result) : notFound();
      },
    },
    false,
  );
});

export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["PUT", "DELETE"]);
});
