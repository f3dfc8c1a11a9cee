import { resourceRoute } from "~/services/resource-route.server";
import { readReachableSession } from "~/services/test-taking.server";

/**
 * GET /api/sessions/{id}/next-question: the question being asked (the adaptive engine chose it
 * when the previous answer arrived), or `question: null` once the session is completed.
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["id"],
  GET: {
    handler: async ({ request, context, params }) => {
      const view = await readReachableSession(request, context, params.id);
      return { question: view.currentQuestion, completed: view.snapshot.completed, timeRemaining: view.snapshot.timeRemainingSeconds };
    },
  },
});
