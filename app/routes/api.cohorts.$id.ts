import { cohortUpdateSchema } from "~/domain/classes/cohort";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteCohort, updateCohort } from "~/models/cohorts.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * PUT and DELETE /api/cohorts/{id}. A delete removes the class's members; its test sessions
 * stay (their class link is cleared) so results remain readable.
 */
export const { loader, action } = resourceRoute({
  who: "admin",
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  PUT: { body: cohortUpdateSchema, handler: ({ context, params, body }) => updateCohort(context.db, params.id, body) },
  DELETE: { handler: async ({ context, params }) => ((await deleteCohort(context.db, params.id)) ? { deleted: true } : null) },
});
