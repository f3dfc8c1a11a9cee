import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { questionSchema } from "~/domain/questions/question";
import { deleteQuestion, findQuestion, updateQuestion } from "~/models/questions.server";
import { apiError, byMethod, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, "Question not found");

/**
 * GET, PUT and DELETE /api/questions/{id}. Tests reference bank questions, so an edit shows in
 * every test that uses it; a delete removes it from those tests and lists them.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const question = await findQuestion(context.db, param(params, "id"));
  return question ? json(question) : notFound();
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  const id = param(params, "id");
  return byMethod(request, {
    PUT: async () => {
      const input = await parseJsonBody(request, questionSchema);
      const updated = await updateQuestion(context.db, id, input);
      return updated ? json(updated) : notFound();
    },
    DELETE: async () => {
      const result = await deleteQuestion(context.db, id);
      return result ? json({ deleted: true, removedFromTests: result.removedFromTests }) : notFound();
    },
  });
}
