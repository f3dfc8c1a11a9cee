import { json } from "@remix-run/cloudflare";

import { sessionJson } from "~/domain/sessions/session-api";
import { findSessionStudent } from "~/models/student-names.server";
import { apiRoute, methodNotAllowed, param } from "~/services/api.server";
import { requireSessionAccess, requireSessionReach } from "~/services/student-pass.server";
import { readSessionView } from "~/services/test-sessions.server";

/**
 * GET /api/sessions/{id}: the session's time remaining and results, for an admin, or its pass
 * holder until the results window closes (ADR 0014), with the student's name from their class
 * (null without one, ADR 0016).
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  const sessionId = param(params, "id");
  const caller = await requireSessionAccess(request, context, sessionId);
  const view = await readSessionView(context, sessionId);
  requireSessionReach(caller, view.snapshot);
  const { studentName } = await findSessionStudent(context.db, { cohortId: view.cohortId, studentId: view.studentId });
  return json({ ...sessionJson(view), studentName });
});

export const action = () => methodNotAllowed(["GET"]);
