import { z } from "zod";

import { seedDemoCohort, type DemoCohort, type DemoProgress } from "~/services/demo-cohort.server";
import { progressResponse, wantsProgress } from "~/services/progress-stream.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/** The body is an empty JSON object; anything in it is a mistake worth a 400. */
const EMPTY_BODY = "Send an empty JSON object: {}";
const seedDemoBodySchema = z.object({}, { invalid_type_error: EMPTY_BODY }).strict(EMPTY_BODY);

/**
 * POST /api/analytics/seed-demo: the demo class and test, refreshed and taken by simulated students
 * (201 `{cohort, test, students}`); with `Accept: application/x-ndjson`, the students' progress as
 * they finish, then the same answer (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  who: "admin",
  POST: {
    body: seedDemoBodySchema,
    handler: async ({ request, context, caller }) => {
      if (wantsProgress(request)) {
        return progressResponse<DemoProgress, DemoCohort>(context.cloudflare.ctx, "Generating demo data", (report) => seedDemoCohort(context, caller, report));
      }
      return created(await seedDemoCohort(context, caller));
    },
  },
});
