import { cohortCreateSchema } from "~/domain/classes/cohort";
import { createCohort, listCohorts } from "~/models/cohorts.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/** GET /api/cohorts; POST creates a class (201), generating its join code when none is given. */
export const { loader, action } = resourceRoute({
  who: "admin",
  GET: { handler: ({ context }) => listCohorts(context.db) },
  POST: { body: cohortCreateSchema, handler: async ({ context, caller, body }) => created(await createCohort(context.db, body, caller.id)) },
});
