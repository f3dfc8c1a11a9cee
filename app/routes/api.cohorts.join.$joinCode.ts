import { json } from "@remix-run/cloudflare";

import { INVALID_JOIN_CODE, joinCodeLookupSchema } from "~/domain/classes/cohort";
import { invalid } from "~/lib/errors";
import { apiError, apiRoute, byMethod, param } from "~/services/api.server";
import { findCohortByGuessedCode } from "~/services/guess-throttle.server";

/**
 * GET /api/cohorts/join/{joinCode}: PUBLIC, because the students who type a join code are
 * signed out (DESIGN.md decision 2). It answers only what the join screen needs
 * ({id, name, isActive, testConfigId, testMode}); the join code matches in any case. Wrong codes
 * are throttled per client address (429 with Retry-After, ADR 0015).
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  const parsed = joinCodeLookupSchema.safeParse(param(params, "joinCode"));
  if (!parsed.success) throw invalid(parsed.error.issues[0]!.message);
  const cohort = await findCohortByGuessedCode(request, context, parsed.data);
  return cohort ? json(cohort) : apiError(404, INVALID_JOIN_CODE);
});

export const action = apiRoute(async ({ request }) => byMethod(request, {}));
