import { breaksJson } from "~/domain/sessions/session-api";
import { resourceRoute } from "~/services/resource-route.server";
import { requireSessionAccess } from "~/services/student-pass.server";
import { takeBreak } from "~/services/test-taking.server";

/**
 * POST /api/sessions/{id}/pause (empty body): starts a break for a student whose accommodations
 * allow breaks; both clocks stop until the resume, at most for the break time left (ADR 0032).
 */
export const { loader, action } = resourceRoute({
  who: "anyone",
  params: ["id"],
  POST: {
    handler: async ({ request, context, params }) => {
      await requireSessionAccess(request, context, params.id);
      const view = await takeBreak(context, params.id, "pause");
      return { sessionId: params.id, timeRemaining: view.snapshot.timeRemainingSeconds, ...breaksJson(view) };
    },
  },
});
