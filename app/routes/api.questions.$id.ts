import { json } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { questionSchema } from "~/domain/questions/question";
import { deleteQuestion, findQuestion, updateQuestion } from "~/models/questions.server";
import { apiRoute, apiError, byMethod, param, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const notFound = () => apiError(404, NOT_FOUND.question);

/**
 * GET, PUT and DELETE /api/questions/{id}. Tests reference bank questions, so an edit shows in
 * every test that uses it; a delete removes it from those tests and lists them.
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const question = await findQuestion(context.db, param(params, "id"));
  return question ? json(question) : notFound();
});

export const action = apiRoute(async ({ request, context, params }) => {
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
});
