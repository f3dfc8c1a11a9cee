import { json } from "@remix-run/cloudflare";
import { z } from "zod";

import { apiRoute, byMethod, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { seedDemoCohort, type DemoCohort, type DemoProgress } from "~/services/demo-cohort.server";
import { progressResponse, wantsProgress } from "~/services/progress-stream.server";

/** SPEC.md section 7: the body is an empty JSON object; anything in it is a mistake worth a 400. */
const EMPTY_BODY = "Send an empty JSON object: {}";
const seedDemoBodySchema = z.object({}, { invalid_type_error: EMPTY_BODY }).strict(EMPTY_BODY);

/**
 * POST /api/analytics/seed-demo: the demo class and test, refreshed and taken by simulated students
 * (201 `{cohort, test, students}`); with `Accept: application/x-ndjson`, the students' progress as
 * they finish, then the same answer (docs/api.md).
 */
export const action = apiRoute(async ({ request, context }) => {
  const admin = await requireAdmin(request, context);
  return byMethod(
    request,
    {
      POST: async () => {
        await parseJsonBody(request, seedDemoBodySchema);
        if (wantsProgress(request)) {
          return progressResponse<DemoProgress, DemoCohort>(context.cloudflare.ctx, "Generating demo data", (report) => seedDemoCohort(context, admin, report));
        }
        return json(await seedDemoCohort(context, admin), { status: 201 });
      },
    },
    false,
  );
});

export const loader = () => methodNotAllowed(["POST"]);
