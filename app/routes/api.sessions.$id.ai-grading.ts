import { viewGradingReview } from "~/features/sessions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/sessions/{id}/ai-grading: the session's grading logs, oldest first, each with its cost,
 * injection-screen flags, teacher overrides and the grade in force, and the session's cost.
 * Admins only.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "session"],
  params: ["id"],
  GET: { handler: async ({ context, params, caller }) => (await viewGradingReview(context, caller, params.id)).review },
});
