import { json } from "@remix-run/cloudflare";
import { z } from "zod";

import { jobView } from "~/models/jobs.server";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { enqueueJob } from "~/services/jobs.server";

const pingBodySchema = z.object({ echo: z.string().max(200, "echo must be at most 200 characters").optional() });

/**
 * POST /api/jobs/ping queues a self-check job: proof, after a deploy, that the queue and its
 * consumer work. Poll GET /api/jobs/{id} until its status is succeeded or failed.
 */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const admin = await requireAdmin(request, context);
  const body = await parseJsonBody(request, pingBodySchema);
  const job = await enqueueJob(
    context.cloudflare.env.JOBS,
    context.db,
    { kind: "ping", echo: body.echo ?? "ping" },
    admin.id,
  );
  return json(jobView(job), { status: 202 });
});

export const loader = () => methodNotAllowed(["POST"]);
