import { sessionJson } from "~/domain/sessions/session-api";
import { readSession } from "~/features/sessions/use-cases.server";
import { findSessionStudent } from "~/models/student-names.server";
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
      const view = await readSession(context, await sessionActorOf(request, context), params.id);
      const { studentName } = await findSessionStudent(context.db, { cohortId: view.cohortId, studentId: view.studentId });
      return { ...sessionJson(view), studentName };
    },
  },
});
