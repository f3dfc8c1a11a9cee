import { json } from "@remix-run/cloudflare";

import { sessionJson } from "~/domain/sessions/session-api";
import { startSessionSchema } from "~/domain/sessions/start-request";
import { getCurrentUser } from "~/services/auth.server";
import { resourceRoute } from "~/services/resource-route.server";
import { startTestSession } from "~/services/test-taking.server";

/**
 * POST /api/sessions/start: starts (or resumes) a test session and gives this browser its student
 * pass. Signed-out students start their class's test (`cohortId`); signed-in users any test.
 * Answers the id as both `sessionId` and `id`.
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  POST: {
    body: startSessionSchema,
    handler: async ({ request, context, body }) => {
      const started = await startTestSession(request, context, body, await getCurrentUser(request, context));
      return json(
        { ...sessionJson(started.view), sessionId: started.sessionId, id: started.sessionId, resumeCode: started.resumeCode, outcome: started.outcome },
        { status: started.outcome === "started" ? 201 : 200, headers: { "Set-Cookie": started.setCookie } },
      );
    },
  },
});
