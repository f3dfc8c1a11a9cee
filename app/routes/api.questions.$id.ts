import { questionSchema } from "~/domain/questions/question";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { deleteQuestion, findQuestion, updateQuestion } from "~/models/questions.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET, PUT and DELETE /api/questions/{id}. Tests reference bank questions, so an edit shows in
 * every test that uses it; a delete removes it from those tests and lists them.
 */
export const { loader, action } = resourceRoute({
  who: "staff",
  params: ["id"],
  notFound: NOT_FOUND.question,
  GET: { handler: ({ context, params }) => findQuestion(context.db, params.id) },
  PUT: { body: questionSchema, handler: ({ context, params, body }) => updateQuestion(context.db, params.id, body) },
  DELETE: {
    handler: async ({ context, params }) => {
      const result = await deleteQuestion(context.db, params.id);
      return result && { deleted: true, removedFromTests: result.removedFromTests };
    },
  },
});
