import { NOT_FOUND } from "~/domain/shell/not-found";
import { listRoster } from "~/models/students.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/cohorts/{id}/roster: the student records on the class's roster, by family name. */
export const { loader, action } = resourceRoute({
  who: "admin",
  params: ["id"],
  notFound: NOT_FOUND.cohort,
  GET: { handler: ({ context, params }) => listRoster(context.db, params.id) },
});
