import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { BANK_PAGE_SIZE, readQuestionListQuery } from "~/domain/questions/question-list";
import { questionSummaryPage } from "~/models/questions.server";
import { requireAdmin } from "~/services/auth.server";

/**
 * GET /admin/question-bank/choices?search&type&difficulty&page: one page of bank questions as the
 * Add Questions dialog shows them (id, text, type, difficulty, timeLimit), searched and paged in
 * SQL. A screen's resource route (the dialog loads it with a fetcher), not part of /api.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const { filters, page } = readQuestionListQuery(new URL(request.url).searchParams);
  return json(await questionSummaryPage(context.db, filters, page, BANK_PAGE_SIZE));
}
