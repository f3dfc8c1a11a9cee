import { parseAnalyticsScope } from "~/domain/analytics/analytics-scope";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { loadClassAnalytics } from "~/services/class-analytics.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /api/analytics/cohort/{cohortId}?testConfigId=&windowId=: the class's Cohort Analytics report,
 * on one test or on all its sessions, in one testing window (the current one by default), each
 * student once. An unknown test gives a report with no sessions; an unknown class or window, 404.
 */
export const { loader, action } = resourceRoute({
  can: ["read", "report"],
  params: ["cohortId"],
  notFound: NOT_FOUND.cohort,
  GET: {
    handler: ({ request, context, params, scope }) => {
      const query = new URL(request.url).searchParams;
      return loadClassAnalytics(context.db, parseAnalyticsScope(params.cohortId, query.get("testConfigId"), query.get("windowId")), scope);
    },
  },
});
