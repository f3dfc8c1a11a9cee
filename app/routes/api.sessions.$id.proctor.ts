import { proctorRequestSchema } from "~/domain/sessions/proctor";
import { breakStepJson } from "~/domain/sessions/session-api";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { proctorSession } from "~/features/sessions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/sessions/{id}/proctor {action: "pause" | "resume" | "extend" | "end", minutes?}: a
 * teacher's action on a student's session from the live view (ADR 0046, docs/api.md). Staff whose
 * scope holds the session; 409 when the session's state does not allow it.
 */
export const { loader, action } = resourceRoute({
  can: ["write", "session"],
  params: ["id"],
  notFound: NOT_FOUND.session,
  POST: {
    body: proctorRequestSchema,
    handler: async ({ context, params, caller, body }) => {
      const view = await proctorSession(context, caller, params.id, body);
      const { snapshot } = view;
      return {
        ...breakStepJson(params.id, view),
        pausedByTeacher: snapshot.pausedByTeacher,
        extraMinutes: snapshot.extraMinutes,
        completed: snapshot.completed,
        completedReason: snapshot.completedReason,
      };
    },
  },
});
