import { sessionJson } from "~/domain/sessions/session-api";
import { completeAndReadSession } from "~/features/sessions/use-cases.server";
import { resourceRoute } from "~/services/resource-route.server";
import { sessionActorOf } from "~/services/student-pass.server";

/** POST /api/sessions/{id}/complete (empty body): ends the session; completing it again changes nothing. */
export const { loader, action } = resourceRoute({
  can: "anyone",
  params: ["id"],
  POST: {
    handler: async ({ request, context, params }) => sessionJson(await completeAndReadSession(context, await sessionActorOf(request, context), params.id)),
  },
});
