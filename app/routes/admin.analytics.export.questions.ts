import { analyticsFileName, questionAnalyticsCsv } from "~/domain/analytics/analytics-csv";
import { analyticsScopeFromQuery } from "~/domain/analytics/analytics-scope";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { csvAttachment } from "~/services/api.server";
import { loadCohortAnalytics } from "~/services/cohort-analytics.server";
import { resourceRoute } from "~/services/resource-route.server";

/**
 * GET /admin/analytics/export/questions?cohortId=&testConfigId=: Cohort Analytics as CSV, every
 * question the class answered, hardest first, with its success rate, calibrated difficulty and
 * discrimination. A bad id answers 400 and an unknown class 404, as the API does.
 */
export const { loader, action } = resourceRoute({
  who: "admin",
  notFound: NOT_FOUND.cohort,
  GET: {
    handler: async ({ request, context }) => {
      const scope = analyticsScopeFromQuery(new URL(request.url));
      const report = await loadCohortAnalytics(context.db, scope);
      return report && csvAttachment(analyticsFileName("questions", scope), questionAnalyticsCsv(report));
    },
  },
});
