import { json } from "@remix-run/cloudflare";

import { apiQuestionQuerySchema, DEFAULT_API_PAGE_LIMIT } from "~/domain/questions/api-query";
import { questionSchema } from "~/domain/questions/question";
import { createQuestion, listQuestions } from "~/features/questions/use-cases.server";
import { created, resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/questions (?search, ?type, ?difficulty, ?language): the bank, newest first, as an array. With ?page
 * and/or ?limit (at most 100; 25 when only ?page is given) it is one page of that array, and the
 * X-Total-Count header holds the number of matches; without them, the whole list, as specified has it.
 * POST: a new question (201; its text sanitized). See docs/api-tests.md.
 */
export const { loader, action } = resourceRoute({
  can: ["author", "shared-content"],
  GET: {
    can: ["read", "shared-content"],
    query: apiQuestionQuerySchema,
    handler: async ({ context, caller, query }) => {
      const { page, limit, ...where } = query;
      if (page === undefined && limit === undefined) return json((await listQuestions(context, caller, where)).rows);
      const size = limit ?? DEFAULT_API_PAGE_LIMIT;
      const { rows, total } = await listQuestions(context, caller, where, { limit: size, offset: ((page ?? 1) - 1) * size });
      return json(rows, { headers: { "X-Total-Count": String(total) } });
    },
  },
  POST: { body: questionSchema, handler: async ({ context, caller, body }) => created(await createQuestion(context, caller, body)) },
});
