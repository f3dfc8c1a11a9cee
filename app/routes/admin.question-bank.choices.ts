import { readQuestionListQuery } from "~/domain/questions/question-list";
import { questionChoicesPage } from "~/features/questions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /admin/question-bank/choices?search&type&difficulty&page: one page of bank questions as the
 * Add Questions dialog shows them (id, text, type, difficulty, timeLimit), searched and paged in
 * SQL. A screen's resource route (the dialog loads it with a fetcher), not part of /api.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "shared-content"],
  GET: {
    handler: ({ request, context, caller }) => {
      const { filters, page } = readQuestionListQuery(new URL(request.url).searchParams);
      return questionChoicesPage(context, caller, filters, page);
    },
  },
});
