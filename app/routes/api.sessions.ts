import { json } from "@remix-run/cloudflare";

import { apiQueryFilters, readSessionListApiQuery } from "~/domain/sessions/session-list";
import { wasEndedEarly } from "~/domain/sessions/session-state";
import { sessionWindow, type SessionListRow } from "~/models/session-list.server";
import { apiError, apiRoute, methodNotAllowed } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";

/** SPEC.md's Session as the list gives it: both readings of the id, times in ISO 8601, no answers map. */
function listedSessionJson(row: SessionListRow) {
  const { id, startTime, endTime, completionReason, ...rest } = row;
  return {
    sessionId: id,
    id,
    ...rest,
    startTime: startTime.toISOString(),
    endTime: endTime?.toISOString() ?? null,
    // Named as GET /api/sessions/{id} names them.
    completedReason: completionReason,
    endedEarly: wasEndedEarly(completionReason),
  };
}

/**
 * GET /api/sessions (?testConfigId, ?student, ?status=completed|in_progress, ?limit ≤ 200, ?offset):
 * sessions newest first, as an array; X-Total-Count holds the number matching. See docs/api.md.
 */
export const loader = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  const parsed = readSessionListApiQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return apiError(400, parsed.message);
  const { limit, offset } = parsed.query;
  const { rows, total } = await sessionWindow(context.db, apiQueryFilters(parsed.query), { limit, offset });
  return json(rows.map(listedSessionJson), { headers: { "X-Total-Count": String(total) } });
});

export const action = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["GET"]);
});
