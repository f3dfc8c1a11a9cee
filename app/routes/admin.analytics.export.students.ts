import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

import { analyticsFileName, studentPerformanceCsv } from "~/domain/analytics/analytics-csv";
import { analyticsScopeFromQuery } from "~/domain/analytics/analytics-scope";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { found } from "~/lib/errors";
import { apiRoute, csvAttachment } from "~/services/api.server";
import { requireAdmin } from "~/services/auth.server";
import { loadCohortAnalytics } from "~/services/cohort-analytics.server";

/**
 * GET /admin/analytics/export/students?cohortId=&testConfigId=: Cohort Analytics as CSV, one row a
 * session: points, percent, scale score, answers, competencies mastered, time, and whether the
 * student needs help. A bad id answers 400 and an unknown class 404, as the API does.
 */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(request, context);
  const scope = analyticsScopeFromQuery(new URL(request.url));
  const report = found(await loadCohortAnalytics(context.db, scope), NOT_FOUND.cohort);
  return csvAttachment(analyticsFileName("students", scope), studentPerformanceCsv(report));
});
