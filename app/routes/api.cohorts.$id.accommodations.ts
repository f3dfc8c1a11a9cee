import { rosterAccommodationsSchema } from "~/domain/accommodations/accommodations";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { setRosterAccommodations } from "~/models/accommodations.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * PUT /api/cohorts/{id}/accommodations: accommodations for several students of the class's roster
 * at once, on their records or as this class's own (ADR 0032), in a class the caller teaches (404
 * otherwise). Students not on the roster are left alone; the answer counts those changed.
 */
export const { loader, action } = resourceRoute({
  can: ["write", "accommodations"],
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  PUT: {
    body: rosterAccommodationsSchema,
    handler: ({ context, params, body, caller, scope }) => setRosterAccommodations(context.db, caller, params.id, body, scope),
  },
});
