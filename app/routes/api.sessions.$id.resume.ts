import { breaksJson } from "~/domain/sessions/session-api";
import { resourceRoute } from "~/services/resource-route.server";
import { requireSessionAccess } from "~/services/student-pass.server";
import { takeBreak } from "~/services/test-taking.server";

/**
 * POST /api/sessions/{id}/resume (empty body): ends the break; the deadlines move on by its length
 * (at most the break time that was left), and resuming a session not on a break changes nothing (ADR 0032).
 */
export const { loader, action } = resourceRoute({
  who: "anyone",
  params: ["id"],
  POST: {
    handler: async ({ request, context, params }) => {
      await requireSessionAccess(request, context, params.id);
      const view = await takeBreak(context, params.id, "resume");
      return { sessionId: params.id, timeRemaining: view.snapshot.timeRemainingSeconds, ...breaksJson(view) };
    },
  },
});
