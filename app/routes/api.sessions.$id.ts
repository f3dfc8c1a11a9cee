import { json } from "@remix-run/cloudflare";

import { sessionJson } from "~/domain/sessions/session-api";
import { apiRoute, methodNotAllowed, param } from "~/services/api.server";
import { requireSessionAccess, requireSessionReach } from "~/services/student-pass.server";
import { readSessionView } from "~/services/test-sessions.server";

/** GET /api/sessions/{id}: the session's time remaining and results, for an admin, or its pass holder until the results window closes (ADR 0014). */
export const loader = apiRoute(async ({ request, context, params }) => {
  const sessionId = param(params, "id");
  const caller = await requireSessionAccess(request, context, sessionId);
  const view = await readSessionView(context, sessionId);
  requireSessionReach(caller, view.snapshot);
  return json(sessionJson(view));
});

export const action = () => methodNotAllowed(["GET"]);
