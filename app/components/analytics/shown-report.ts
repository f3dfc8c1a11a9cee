import type { AnalyticsWindow } from "~/domain/analytics/analytics-window";
import type { CohortAnalyticsReport } from "~/domain/analytics/report";

/** What the Cohort Analytics page receives: the report without every question's row (that is the export's), and the window it reads. */
export type ShownReport = Omit<CohortAnalyticsReport, "allQuestionAnalytics"> & { window: AnalyticsWindow | null };
