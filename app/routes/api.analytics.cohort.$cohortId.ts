import { json } from "@remix-run/cloudflare";

import { parseAnalyticsScope } from "~/domain/analytics/analytics-scope";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { apiError, apiRoute, methodNotAllowed, param } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { loadCohortAnalytics } from "~/services/cohort-analytics.server";

/**
 * GET /api/analytics/cohort/{cohortId}?testConfigId= (SPEC.md section 7): the class's Cohort
 * Analytics report, on one test or on all its sessions. An unknown test gives a report with no
 * sessions; an unknown class, 404.
 */
export const loader = apiRoute(async ({ request, context, params }) => {
  await requireAdmin(request, context);
  const scope = parseAnalyticsScope(param(params, "cohortId"), new URL(request.url).searchParams.get("testConfigId"));
  const report = await loadCohortAnalytics(context.db, scope);
  return report ? json(report) : apiError(404, NOT_FOUND.cohort);
});

export const action = apiRoute(async ({ request, context }) => {
  await requireAdmin(request, context);
  return methodNotAllowed(["GET"]);
});
