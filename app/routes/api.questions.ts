import { json } from "@remix-run/cloudflare";
import { z } from "zod";

import { questionSchema } from "~/domain/questions/question";
import { createQuestion, listQuestions } from "~/models/questions.server";
import { apiRoute, apiError, byMethod, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** The bank's filters, with the question form's messages; an empty value means no filter. */
const { type, difficulty } = questionSchema.innerType().shape;
const blankAsAbsent = (value: unknown) => (value === "" ? undefined : value);
const filtersSchema = z.object({
  search: z.string().max(200, "search must be at most 200 characters").optional(),
  type: z.preprocess(blankAsAbsent, type.optional()),
  difficulty: z.preprocess(blankAsAbsent, difficulty.removeDefault().optional()),
});

/**
 * GET /api/questions (?search, ?type, ?difficulty): the bank, newest first. POST: a new question
 * (201; its text sanitized). See docs/api-tests.md.
 */
export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const filters = filtersSchema.safeParse(query);
  if (!filters.success) {
    const issue = filters.error.issues[0];
    return apiError(400, `${issue?.path.join(".")}: ${issue?.message ?? "Invalid filter"}`);
  }
  return json(await listQuestions(context.db, filters.data));
});

export const action = apiRoute(async ({ request, context }) => {
  const admin = await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => json(await createQuestion(context.db, await parseJsonBody(request, questionSchema), admin.id), { status: 201 }),
  });
});
