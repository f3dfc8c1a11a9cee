import { analyticsFileName, studentPerformanceCsv } from "~/domain/analytics/analytics-csv";
import { analyticsScopeFromQuery } from "~/domain/analytics/analytics-scope";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { csvAttachment } from "~/services/api.server";
import { loadCohortAnalytics } from "~/services/cohort-analytics.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /admin/analytics/export/students?cohortId=&testConfigId=: Cohort Analytics as CSV, one row a
 * session: points, percent, scale score, answers, competencies mastered, time, and whether the
 * student needs help. A bad id answers 400 and an unknown class 404, as the API does.
 */
export const { loader, action } = resourceRoute({
  who: "admin",
  notFound: NOT_FOUND.cohort,
  GET: {
    handler: async ({ request, context }) => {
      const scope = analyticsScopeFromQuery(new URL(request.url));
      const report = await loadCohortAnalytics(context.db, scope);
      return report && csvAttachment(analyticsFileName("students", scope), studentPerformanceCsv(report));
    },
  },
});
