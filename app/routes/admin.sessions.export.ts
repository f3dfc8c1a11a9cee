import { sessionsCsv } from "~/domain/sessions/session-export";
import { readSessionListScreenQuery } from "~/domain/sessions/session-list";
import { exportSessions } from "~/features/sessions/use-cases.server";
import { csvAttachment } from "~/services/api.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /admin/sessions/export (?test, ?student, ?status: the screen's filters): every matching
 * session as CSV, newest first, up to 50,000 rows (X-Export-Truncated: true when the cap cut it).
 */
export const { loader, action } = resourceRoute({
  can: ["export", "session"],
  GET: {
    handler: async ({ request, context, caller }) => {
      const { filters } = readSessionListScreenQuery(new URL(request.url).searchParams);
      const { rows, truncated } = await exportSessions(context, caller, filters);
      const day = new Date().toISOString().slice(0, 10);
      const response = csvAttachment(`test-sessions-${day}.csv`, sessionsCsv(rows));
      if (truncated) response.headers.set("X-Export-Truncated", "true");
      return response;
    },
  },
});
