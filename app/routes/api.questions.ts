import { json } from "@remix-run/cloudflare";

import { apiQuestionQuerySchema, DEFAULT_API_PAGE_LIMIT } from "~/domain/questions/api-query";
import { questionSchema } from "~/domain/questions/question";
import { countQuestions, createQuestion, listQuestions } from "~/models/questions.server";
import { apiError, apiRoute, byMethod, parseJsonBody } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/**
 * GET /api/questions (?search, ?type, ?difficulty): the bank, newest first, as an array. With ?page
 * and/or ?limit (at most 100; 25 when only ?page is given) it is one page of that array, and the
 * X-Total-Count header holds the number of matches; without them, the whole list, as SPEC.md has it.
 * POST: a new question (201; its text sanitized). See docs/api-tests.md.
 */
export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const filters = apiQuestionQuerySchema.safeParse(query);
  if (!filters.success) {
    const issue = filters.error.issues[0];
    return apiError(400, `${issue?.path.join(".")}: ${issue?.message ?? "Invalid filter"}`);
  }
  const { page, limit, ...where } = filters.data;
  if (page === undefined && limit === undefined) return json(await listQuestions(context.db, where));
  const size = limit ?? DEFAULT_API_PAGE_LIMIT;
  const [rows, total] = await Promise.all([
    listQuestions(context.db, where, { limit: size, offset: ((page ?? 1) - 1) * size }),
    countQuestions(context.db, where),
  ]);
  return json(rows, { headers: { "X-Total-Count": String(total) } });
});

export const action = apiRoute(async ({ request, context }) => {
  const admin = await requireAdmin(request, context);
  return byMethod(request, {
    POST: async () => json(await createQuestion(context.db, await parseJsonBody(request, questionSchema), admin.id), { status: 201 }),
  });
});
