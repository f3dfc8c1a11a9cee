import { json } from "@remix-run/cloudflare";

import { sessionJson } from "~/domain/sessions/session-api";
import { apiRoute, methodNotAllowed, param } from "~/services/api.server";
import { requireSessionAccess } from "~/services/student-pass.server";
import { readSessionView } from "~/services/test-sessions.server";

/** GET /api/sessions/{id}: the session's time remaining and results, for its pass holder or an admin. */
export const loader = apiRoute(async ({ request, context, params }) => {
  const sessionId = param(params, "id");
  await requireSessionAccess(request, context, sessionId);
  return json(sessionJson(await readSessionView(context, sessionId)));
});

export const action = () => methodNotAllowed(["GET"]);
