import { answerGrade } from "~/domain/sessions/answer-feedback";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { readSession } from "~/features/sessions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";
import { sessionActorOf } from "~/services/student-pass.server";

/**
 * GET /api/sessions/{id}/answers/{questionId}: one answer's grade as it stands ({score, wasCorrect,
 * feedback, grading: "provisional" | "review" | "final"}, no mark while it awaits its teacher), for
 * the test page waiting on a model's grade;
 * the same callers as GET /api/sessions/{id}. 404 when the question is not one of its answers.
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["id", "questionId"],
  notFound: NOT_FOUND.answer,
  GET: {
    handler: async ({ request, context, params }) => {
      const view = await readSession(context, await sessionActorOf(request, context), params.id);
      return answerGrade(view, params.questionId);
    },
  },
});
