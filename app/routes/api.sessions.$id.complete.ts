import { json } from "@remix-run/cloudflare";

import { sessionJson } from "~/domain/sessions/session-api";
import { apiRoute, methodNotAllowed, param } from "~/services/api.server";
import { requireSessionAccess, requireSessionReach } from "~/services/student-pass.server";
import { completeTestSession } from "~/services/test-sessions.server";

/** POST /api/sessions/{id}/complete (empty body): ends the session; completing it again changes nothing. */
export const action = apiRoute(async ({ request, context, params }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const sessionId = param(params, "id");
  const caller = await requireSessionAccess(request, context, sessionId);
  const view = await completeTestSession(context, sessionId);
  requireSessionReach(caller, view.snapshot);
  return json(sessionJson(view));
});

export const loader = () => methodNotAllowed(["POST"]);
