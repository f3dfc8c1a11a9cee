import { NOT_FOUND } from "~/domain/shell/not-found";
import { viewQuestion } from "~/features/questions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /admin/question-bank/{id}: one bank question in full, for the bank's edit and preview
 * dialogs. The bank's list sends only what its cards show, so a page of it stays small whatever
 * its questions' rubrics and options weigh. A screen's resource route, not part of /api; a
 * missing question is the JSON 404 the dialog shows in a toast.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "shared-content"],
  params: ["id"],
  notFound: NOT_FOUND.question,
  GET: { handler: ({ context, params, caller }) => viewQuestion(context, caller, params.id) },
});
