import type { CohortAnalyticsReport } from "~/domain/analytics/report";

/** What the Cohort Analytics page receives: the report without every question's row (that is the export's). */
export type ShownReport = Omit<CohortAnalyticsReport, "allQuestionAnalytics">;
