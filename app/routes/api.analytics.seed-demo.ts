import { json } from "@remix-run/cloudflare";
import { z } from "zod";

import { apiRoute, byMethod, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { seedDemoCohort } from "~/services/demo-cohort.server";

/** SPEC.md section 7: the body is an empty JSON object; anything in it is a mistake worth a 400. */
const EMPTY_BODY = "Send an empty JSON object: {}";
const seedDemoBodySchema = z.object({}, { invalid_type_error: EMPTY_BODY }).strict(EMPTY_BODY);

/** POST /api/analytics/seed-demo: a new class and test taken by simulated students (201 `{cohort, test, students}`). */
export const action = apiRoute(async ({ request, context }) => {
  const admin = await requireAdmin(request, context);
  return byMethod(
    request,
    {
      POST: async () => {
        await parseJsonBody(request, seedDemoBodySchema);
        return json(await seedDemoCohort(context, admin), { status: 201 });
      },
    },
    false,
  );
});

export const loader = () => methodNotAllowed(["POST"]);
