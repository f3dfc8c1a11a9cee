import type { AnalyticsWindow } from "~/domain/analytics/analytics-window";
import type { ClassAnalyticsReport } from "~/domain/analytics/report";

/** What the Cohort Analytics page receives: the report without every question's row (that is the export's), and the window it reads. */
export type ShownReport = Omit<ClassAnalyticsReport, "allQuestionAnalytics"> & { window: AnalyticsWindow | null };
