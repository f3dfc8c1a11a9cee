import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";

import { questionSchema } from "~/domain/question";
import { DIFFICULTIES, QUESTION_TYPES } from "~/domain/question-types";
import { createQuestion, listQuestions } from "~/models/questions.server";
import { apiError, byMethod, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

const filtersSchema = z.object({
  search: z.string().max(200).optional(),
  type: z.enum(QUESTION_TYPES).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
});

/** GET /api/questions (?search, ?type, ?difficulty): the bank. POST: a new question (201). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const filters = filtersSchema.safeParse(query);
  if (!filters.success) {
    const issue = filters.error.issues[0];
    return apiError(400, `${issue?.path.join(".")}: ${issue?.message}`);
  }
  return json(await listQuestions(context.db, filters.data));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => json(await createQuestion(context.db, await parseJsonBody(request, questionSchema), admin.id), { status: 201 }),
  });
}
