import { z } from "zod";

import { queueDemoGeneration } from "~/services/demo-class.server";
import { acceptedJobResponse } from "~/services/jobs.server";
import { resourceRoute } from "~/services/resource-route.server";

/** The body is an empty JSON object; anything in it is a mistake worth a 400. */
const EMPTY_BODY = "Send an empty JSON object: {}";
const seedDemoBodySchema = z.object({}, { invalid_type_error: EMPTY_BODY }).strict(EMPTY_BODY);

/**
 * POST /api/analytics/seed-demo: the demo class and test, refreshed, and their simulated students
 * queued: 202 `{cohort, test, students, jobId, poll}`; GET /api/jobs/{id} tells how many students
 * have taken the test, and succeeds when all have (docs/api.md).
 */
export const { loader, action } = resourceRoute({
  can: ["write", "district-settings"],
  POST: {
    body: seedDemoBodySchema,
    handler: async ({ context, caller }) => {
      const { jobId, ...demo } = await queueDemoGeneration(context, caller);
      return acceptedJobResponse(jobId, demo);
    },
  },
});
