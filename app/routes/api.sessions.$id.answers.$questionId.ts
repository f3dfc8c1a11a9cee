import { answerGrade } from "~/domain/sessions/answer-feedback";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { resourceRoute } from "~/services/resource-route.server";
import { requireSessionAccess, requireSessionReach } from "~/services/student-pass.server";
import { readSessionView } from "~/services/test-taking.server";

/**
 * GET /api/sessions/{id}/answers/{questionId}: one answer's grade as it stands ({score, wasCorrect,
 * feedback, grading: "provisional" | "final"}), for the test page waiting on a model's grade;
 * the same callers as GET /api/sessions/{id}. 404 when the question is not one of its answers.
 */
export const { loader, action } = resourceRoute({
  who: "anyone",
  params: ["id", "questionId"],
  notFound: NOT_FOUND.answer,
  GET: {
    handler: async ({ request, context, params }) => {
      const caller = await requireSessionAccess(request, context, params.id);
      const view = await readSessionView(context, params.id);
      requireSessionReach(caller, view.snapshot);
      return answerGrade(view, params.questionId);
    },
  },
});
