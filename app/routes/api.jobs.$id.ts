import { json } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { findJob, jobView } from "~/models/jobs.server";
import { resourceRoute } from "~/services/resource-route.server";

/** GET /api/jobs/{id}: a queued job's progress, for screens that wait on AI work. */
export const { loader, action } = resourceRoute({
  can: ["read", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.job,
  GET: {
    handler: async ({ context, params }) => {
      const job = await findJob(context.db, params.id);
      return job && json(jobView(job), { headers: { "Cache-Control": "no-store" } });
    },
  },
});
