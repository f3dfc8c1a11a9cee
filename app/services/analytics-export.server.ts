import { analyticsFileName } from "~/domain/analytics/analytics-csv";
import { analyticsScopeFromQuery } from "~/domain/analytics/analytics-scope";
import type { ClassAnalyticsReport } from "~/domain/analytics/report";
import { NOT_FOUND } from "~/domain/shell/not-found";

import { csvAttachment } from "./api.server";
import { loadClassAnalytics } from "./class-analytics.server";
import { resourceRoute } from "./resource-route.server";

/**
 * A Cohort Analytics CSV route (?cohortId=&testConfigId=): the class's report, written by `toCsv`.
 * A bad id answers 400 and an unknown class 404, as the API does.
 */
export function analyticsExportRoute(kind: "questions" | "students", toCsv: (report: ClassAnalyticsReport) => string) {
  return resourceRoute({
    can: ["export", "report"],
    notFound: NOT_FOUND.cohort,
    GET: {
      handler: async ({ request, context, scope }) => {
        const which = analyticsScopeFromQuery(new URL(request.url));
        const report = await loadClassAnalytics(context.db, which, scope);
        return report && csvAttachment(analyticsFileName(kind, which), toCsv(report));
      },
    },
  });
}
