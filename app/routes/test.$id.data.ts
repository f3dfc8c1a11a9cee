import { resourceRoute } from "~/services/resource-route.server";

import { testPageAction } from "./test.$id/test-page.server";

/**
 * POST /test/{id}/data: the test page's own action answered as data, for the page's JavaScript
 * (submit, chat and complete). Same form fields and rules as the page's form post, which keeps
 * working without JavaScript; the answer is an ActionResult whose data is a `TestPageData`
 * (domain/sessions/answer-feedback.ts). See docs/api.md.
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["id"],
  POST: { handler: ({ request, context, params }) => testPageAction(request, context, params.id) },
});
