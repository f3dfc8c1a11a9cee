import { breakStepJson } from "~/domain/sessions/session-api";
import { takeBreak } from "~/features/sessions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";
import { sessionActorOf } from "~/services/student-pass.server";

/**
 * POST /api/sessions/{id}/pause (empty body), for the session's pass holder or staff: starts a break for a student whose
 * accommodations allow breaks; both clocks stop until the resume, at most for the break time left (ADR 0032, docs/api.md).
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["id"],
  POST: {
    handler: async ({ request, context, params }) =>
      breakStepJson(params.id, await takeBreak(context, await sessionActorOf(request, context), params.id, "pause")),
  },
});
