import { competencySchema } from "~/domain/curriculum/curriculum";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteCompetency, saveCompetency } from "~/models/competencies.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * PUT and DELETE /api/competencies/{id}. A delete removes its question links, prerequisites
 * and curriculum memberships, never the questions, and says how many questions it unlinked.
 */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.competency,
  PUT: { body: competencySchema, handler: ({ context, params, body }) => saveCompetency(context.db, params.id, body) },
  DELETE: { handler: ({ context, params }) => deleteCompetency(context.db, params.id) },
});
