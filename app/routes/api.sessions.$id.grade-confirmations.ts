import { json } from "@remix-run/cloudflare";

import { gradeConfirmationSchema } from "~/domain/sessions/grade-override";
import { confirmGrade } from "~/features/sessions/use-cases.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * POST /api/sessions/{id}/grade-confirmations {questionId}: a teacher agrees with an open answer's
 * grade in force. Recorded as an override with the same score and the reason "Confirmed by the
 * teacher" (a human label for the grader's agreement figures, ADR 0036); 201 with the override and
 * the unchanged totalScore, or 200 with the standing confirmation when it is repeated. Staff only.
 */
export const { loader, action } = resourceRoute({
  can: ["write", "session"],
  params: ["id"],
  POST: {
    body: gradeConfirmationSchema,
    handler: async ({ context, params, caller, body }) => {
      const { created: isNew, ...confirmation } = await confirmGrade(context, caller, params.id, body.questionId);
      return isNew ? created(confirmation) : json(confirmation);
    },
  },
});
