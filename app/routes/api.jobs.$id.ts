import { json } from "@remix-run/cloudflare";

import { findJob, jobView } from "~/models/jobs.server";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { apiRoute, apiError, methodNotAllowed } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** GET /api/jobs/{id}: a queued job's progress, for screens that wait on AI work. */
export const loader = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const job = await findJob(context.db, params.id ?? "");
  if (!job) throw apiError(404, NOT_FOUND.job);
  return json(jobView(job), { headers: { "Cache-Control": "no-store" } });
});

/** Only GET is defined here; anything else gets a JSON 405 rather than a Remix error. */
export const action = () => methodNotAllowed(["GET"]);
