import { sessionJson } from "~/domain/sessions/session-api";
import { resourceRoute } from "~/services/resource-route.server";
import { requireSessionAccess, requireSessionReach } from "~/services/student-pass.server";
import { completeTestSession } from "~/services/test-taking.server";

/** POST /api/sessions/{id}/complete (empty body): ends the session; completing it again changes nothing. */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["id"],
  POST: {
    handler: async ({ request, context, params }) => {
      const caller = await requireSessionAccess(request, context, params.id);
      const view = await completeTestSession(context, params.id);
      requireSessionReach(caller, view.snapshot);
      return sessionJson(view);
    },
  },
});
