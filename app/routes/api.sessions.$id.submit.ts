import { gradingResultJson } from "~/domain/sessions/session-api";
import { submitAnswerSchema } from "~/domain/sessions/session-contract";
import { resourceRoute } from "~/services/resource-route.server";
import { requireSessionAccess } from "~/services/student-pass.server";
import { submitSessionAnswer } from "~/services/test-taking.server";

/**
 * POST /api/sessions/{id}/submit: {questionId, answer, timeSpentSeconds} → {gradingResult,
 * completed, nextQuestion}. Answered once the session's object has stored the answer; a retry of
 * the same question answers the first result again (`saved: "repeat"`).
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["id"],
  POST: {
    body: submitAnswerSchema,
    handler: async ({ request, context, params, body }) => {
      // The pass is checked before the body is read, as before: a stranger learns nothing from a 400.
      const caller = await requireSessionAccess(request, context, params.id);
      const submitted = await submitSessionAnswer(context, params.id, body, caller.user?.id ?? null);
      return {
        gradingResult: gradingResultJson(submitted.answer),
        completed: submitted.view.snapshot.completed,
        nextQuestion: submitted.view.currentQuestion,
        timeRemaining: submitted.view.snapshot.timeRemainingSeconds,
        saved: submitted.outcome,
      };
    },
  },
});
