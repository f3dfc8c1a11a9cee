import { heartbeat } from "~/features/sessions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";
import { sessionActorOf } from "~/services/student-pass.server";

/**
 * POST /api/sessions/{id}/heartbeat (empty body), for the session's pass holder only: the test
 * page's beat while it is open and visible, at most every 30 s. It keeps the student "answering"
 * on their class's live view and answers `{stamp}`, which changes when the session's status, break
 * or deadline does, so the page reads its data again (ADR 0046, docs/api.md).
 */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["id"],
  POST: {
    handler: async ({ request, context, params }) => heartbeat(context, await sessionActorOf(request, context), params.id),
  },
});
