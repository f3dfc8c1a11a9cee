import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { findQuestion } from "~/models/questions.server";
import { requireAdmin } from "~/services/auth.server";

/**
 * GET /admin/question-bank/{id}: one bank question in full, for the bank's edit and preview
 * dialogs. The bank's list sends only what its cards show, so a page of it stays small whatever
 * its questions' rubrics and options weigh. A screen's resource route, not part of /api.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const question = await findQuestion(context.db, params.id ?? "");
  // Returned, not thrown: the dialog that asked says so in a toast instead of the page failing.
  if (!question) return json({ id: null, message: NOT_FOUND.question }, { status: 404 });
  return json(question);
}
