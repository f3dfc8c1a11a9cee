import { readSession } from "~/features/sessions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";
import { sessionActorOf } from "~/services/student-pass.server";

/**
 * GET /api/sessions/{id}/next-question: the question being asked (the adaptive engine chose it
 * when the previous answer arrived), or `question: null` once the session is completed or while
 * it is paused (`paused: true`: a break hides the question until the resume, ADR 0032).
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["id"],
  GET: {
    handler: async ({ request, context, params }) => {
      const view = await readSession(context, await sessionActorOf(request, context), params.id);
      const { completed, timeRemainingSeconds, paused, breakSecondsLeft } = view.snapshot;
      return { question: view.currentQuestion, completed, timeRemaining: timeRemainingSeconds, paused, breakSecondsLeft };
    },
  },
});
