import { json } from "@remix-run/cloudflare";
import { z } from "zod";

import { jobView } from "~/models/jobs.server";
import { enqueueJob } from "~/services/jobs.server";
import { resourceRoute } from "~/services/resource-route.server";

const pingBodySchema = z.object({ echo: z.string().max(200, "echo must be at most 200 characters").optional() });

/**
 * POST /api/jobs/ping queues a self-check job: proof, after a deploy, that the queue and its
 * consumer work. Poll GET /api/jobs/{id} until its status is succeeded or failed.
 */
export const { loader, action } = resourceRoute({
  can: ["write", "district-settings"],
  POST: {
    body: pingBodySchema,
    handler: async ({ context, caller, body }) => {
      const job = await enqueueJob(context.cloudflare.env.JOBS, context.db, { kind: "ping", echo: body.echo ?? "ping" }, caller.id);
      return json(jobView(job), { status: 202 });
    },
  },
});
