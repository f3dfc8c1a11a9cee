import { json } from "@remix-run/cloudflare";

import { apiQueryFilters, asksForPage, listedScores, readSessionListApiQuery } from "~/domain/sessions/session-list";
import { wasEndedEarly } from "~/domain/sessions/session-state";
import { listEverySession, listSessions } from "~/features/sessions/use-cases.server";
import { invalid } from "~/lib/errors";
import { jsonArrayStream } from "~/lib/json-array-stream";
import type { SessionListRow } from "~/models/session-list.server";
import { resourceRoute } from "~/services/resource-route.server";

/** A session as the list gives it: both readings of the id, times in ISO 8601, no answers map, scores without the grader's words. */
function listedSessionJson(row: SessionListRow) {
  const { id, startTime, endTime, completionReason, scores, hasAiFeedback: _forTheScreen, ...rest } = row;
  return {
    sessionId: id,
    id,
    ...rest,
    scores: listedScores(scores),
    startTime: startTime.toISOString(),
    endTime: endTime?.toISOString() ?? null,
    // Named as GET /api/sessions/{id} names them.
    completedReason: completionReason,
    endedEarly: wasEndedEarly(completionReason),
  };
}

/**
 * Without limit or offset, the whole list of sessions: every matching one up to
 * API_SESSION_ALL_MAX, streamed as it is read (X-Truncated: true when the cap cut it short).
 */
function everySessionResponse({ total, chunks, truncated }: Awaited<ReturnType<typeof listEverySession>>): Response {
  const body = jsonArrayStream(chunks, listedSessionJson, "GET /api/sessions");
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8", "X-Total-Count": String(total) });
  if (truncated) headers.set("X-Truncated", "true");
  return new Response(body, { headers });
}

/**
 * GET /api/sessions (?testConfigId, ?student, ?status=completed|in_progress, ?limit ≤ 200, ?offset):
 * sessions newest first (a teacher's: those of classes they teach), as an array; X-Total-Count holds the number matching. Every matching
 * session without limit or offset, else that window. See docs/api.md.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "session"],
  GET: {
    handler: async ({ request, context, caller }) => {
      const params = new URL(request.url).searchParams;
      const parsed = readSessionListApiQuery(params);
      if (!parsed.ok) throw invalid(parsed.message);
      const filters = apiQueryFilters(parsed.query);
      if (!asksForPage(params)) return everySessionResponse(await listEverySession(context, caller, filters));
      const { limit, offset } = parsed.query;
      const { rows, total } = await listSessions(context, caller, filters, { limit, offset });
      return json(rows.map(listedSessionJson), { headers: { "X-Total-Count": String(total) } });
    },
  },
});
