import { gradingResultJson } from "~/domain/sessions/session-api";
import { submitAnswerSchema } from "~/domain/sessions/session-contract";
import { submitAnswer } from "~/features/sessions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";
import { sessionActorOf } from "~/services/student-pass.server";

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
      const submitted = await submitAnswer(context, await sessionActorOf(request, context), { sessionId: params.id, answer: body });
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
