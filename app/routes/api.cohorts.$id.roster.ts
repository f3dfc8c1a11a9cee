import { NOT_FOUND } from "~/domain/shell/not-found";
import { listRoster } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/cohorts/{id}/roster: the student records on the class's roster, by family name; a class the caller teaches (404 otherwise). */
export const { loader, action } = resourceRoute({
  can: ["read", "roster"],
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  GET: {
    handler: async ({ context, params, scope }) => listRoster(context.db, params.id, scope),
  },
});
