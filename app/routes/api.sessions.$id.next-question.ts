import { json } from "@remix-run/cloudflare";

import { apiRoute, methodNotAllowed, param } from "~/services/api.server";
import { requireSessionAccess, requireSessionReach } from "~/services/student-pass.server";
import { readSessionView } from "~/services/test-sessions.server";

/**
 * GET /api/sessions/{id}/next-question: the question being asked (the adaptive engine chose it
 * when the previous answer arrived), or `question: null` once the session is completed.
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  const sessionId = param(params, "id");
  const caller = await requireSessionAccess(request, context, sessionId);
  const view = await readSessionView(context, sessionId);
  requireSessionReach(caller, view.snapshot);
  return json({ question: view.currentQuestion, completed: view.snapshot.completed, timeRemaining: view.snapshot.timeRemainingSeconds });
});

export const action = () => methodNotAllowed(["GET"]);
