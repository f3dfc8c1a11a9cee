import { studentPerformanceCsv } from "~/domain/analytics/analytics-csv";
import { analyticsExportRoute } from "~/services/analytics-export.server";

/**
 * GET /admin/analytics/export/students?cohortId=&testConfigId=&windowId=: Cohort Analytics as CSV, one row a
 * student (their session in the window): points, percent, scale score, answers, competencies mastered, time, and whether the
 * student needs help.
 */
export const { loader, action } = analyticsExportRoute("students", studentPerformanceCsv);
