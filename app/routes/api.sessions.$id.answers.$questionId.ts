import { answerGrade } from "~/domain/sessions/answer-feedback";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { resourceRoute } from "~/services/resource-route.server";
import { readReachableSession } from "~/services/test-taking.server";

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
      const view = await readReachableSession(request, context, params.id);
      return answerGrade(view, params.questionId);
    },
  },
});
