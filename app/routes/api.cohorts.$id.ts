import { classScopeOf } from "~/domain/auth/roles";
import { cohortUpdateSchema } from "~/domain/classes/cohort";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { canSeeClass } from "~/models/class-scope.server";
import { deleteCohort, updateCohort } from "~/models/cohorts.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * PUT and DELETE /api/cohorts/{id}: a class the caller teaches (404 otherwise). A delete removes
 * the class's members; its test sessions stay (their class link is cleared) so results remain
 * readable.
 */
export const { loader, action } = resourceRoute({
  who: "staff",
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  PUT: {
    body: cohortUpdateSchema,
    handler: async ({ context, params, body, caller }) =>
      (await canSeeClass(context.db, classScopeOf(caller), params.id)) ? updateCohort(context.db, params.id, body) : null,
  },
  DELETE: {
    handler: async ({ context, params, caller }) =>
      (await canSeeClass(context.db, classScopeOf(caller), params.id)) && (await deleteCohort(context.db, params.id)) ? { deleted: true } : null,
  },
});
