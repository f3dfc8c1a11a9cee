import { parseAnalyticsScope } from "~/domain/analytics/analytics-scope";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { loadCohortAnalytics } from "~/services/cohort-analytics.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/analytics/cohort/{cohortId}?testConfigId=: the class's Cohort Analytics report, on one
 * test or on all its sessions. An unknown test gives a report with no sessions; an unknown class, 404.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "report"],
  params: ["cohortId"],
  notFound: NOT_FOUND.cohort,
  GET: {
    handler: ({ request, context, params, scope }) =>
      loadCohortAnalytics(context.db, parseAnalyticsScope(params.cohortId, new URL(request.url).searchParams.get("testConfigId")), scope),
  },
});
