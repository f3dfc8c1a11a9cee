import { classGrowthQuerySchema } from "~/domain/growth/class-growth";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { loadClassGrowth } from "~/services/growth.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/cohorts/{id}/growth?from=&to=: the class's students between two testing windows (by
 * default the last two in which the class has scores), with the median growth, how many moved
 * beyond measurement error and district-local percentiles where enough students make them up.
 * A class a teacher does not teach is 404; an unknown window, or from not before to, is 400.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "growth"],
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  GET: {
    query: classGrowthQuerySchema,
    handler: ({ context, params, caller, query, scope }) => loadClassGrowth(context.db, caller, params.id, scope, query),
  },
});
