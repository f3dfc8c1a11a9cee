import { sessionJson } from "~/domain/sessions/session-api";
import { viewSession } from "~/features/sessions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";
import { sessionActorOf } from "~/services/student-pass.server";

/**
 * GET /api/sessions/{id}: the session's time remaining and results, for an admin, or its pass
 * holder until the results window closes (ADR 0014), with the student's name from their class
 * (null without one, ADR 0016).
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["id"],
  GET: {
    handler: async ({ request, context, params }) => {
      const { view, studentName } = await viewSession(context, await sessionActorOf(request, context), params.id);
      return { ...sessionJson(view), studentName };
    },
  },
});
