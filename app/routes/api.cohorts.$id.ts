import { cohortUpdateSchema } from "~/domain/classes/cohort";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteCohort, updateCohort } from "~/models/cohorts.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * PUT and DELETE /api/cohorts/{id}: a class the caller teaches (404 otherwise). A delete removes
 * the class's members; its test sessions stay (their class link is cleared) so results remain
 * readable.
 */
export const { loader, action } = resourceRoute({
  can: ["write", "class"],
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  PUT: {
    body: cohortUpdateSchema,
    handler: ({ context, params, body, scope }) => updateCohort(context.db, params.id, body, scope),
  },
  DELETE: {
    can: ["delete", "class"],
    handler: async ({ context, params, scope }) => ((await deleteCohort(context.db, params.id, scope)) ? { deleted: true } : null),
  },
});
