import { questionSchema } from "~/domain/questions/question";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteQuestion, describeQuestion, updateQuestion } from "~/features/questions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET, PUT and DELETE /api/questions/{id}. GET includes the question's calibration (ADR 0033) and,
 * for an open question, how the offline grader reads its rubric (docs/api-tests.md). Tests reference bank questions, so an edit shows in
 * every test that uses it; a delete removes it from those tests and lists them.
 */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.question,
  GET: {
    can: ["read", "shared-content"],
    handler: ({ context, params, caller }) => describeQuestion(context, caller, params.id),
  },
  PUT: { body: questionSchema, handler: ({ context, params, caller, body }) => updateQuestion(context, caller, params.id, body) },
  DELETE: {
    handler: async ({ context, params, caller }) => {
      const { removedFromTests } = await deleteQuestion(context, caller, params.id);
      return { deleted: true, removedFromTests };
    },
  },
});
