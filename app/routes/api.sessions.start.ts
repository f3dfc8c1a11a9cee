import { json } from "@remix-run/cloudflare";

import { sessionJson } from "~/domain/sessions/session-api";
import { startSessionSchema } from "~/domain/sessions/start-request";
import { apiRoute, methodNotAllowed, parseJsonBody } from "~/services/api.server";
import { getCurrentUser } from "~/services/auth.server";
import { startTestSession } from "~/services/test-sessions.server";

/**
 * POST /api/sessions/start: starts (or resumes) a test session and gives this browser its student
 * pass. Signed-out students start their class's test (`cohortId`); signed-in users any test.
 * Answers both of SPEC.md's readings: `sessionId` and `id`.
 */
export const action = apiRoute(async ({ request, context }) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const input = await parseJsonBody(request, startSessionSchema);
  const started = await startTestSession(request, context, input, await getCurrentUser(request, context));
  return json(
    { ...sessionJson(started.view), sessionId: started.sessionId, id: started.sessionId, resumeCode: started.resumeCode, outcome: started.outcome },
    { status: started.outcome === "started" ? 201 : 200, headers: { "Set-Cookie": started.setCookie } },
  );
});

export const loader = () => methodNotAllowed(["POST"]);
