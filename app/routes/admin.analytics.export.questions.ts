import { questionAnalyticsCsv } from "~/domain/analytics/analytics-csv";
import { analyticsExportRoute } from "~/services/analytics-export.server";

/**
 * GET /admin/analytics/export/questions?cohortId=&testConfigId=: Cohort Analytics as CSV, every
 * question the class answered, hardest first, with its success rate, calibrated difficulty and
 * discrimination.
 */
export const { loader, action } = analyticsExportRoute("questions", questionAnalyticsCsv);
