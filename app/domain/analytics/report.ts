import type { ClassAnalytics } from "./class-analytics";

/**
 * What Cohort Analytics shows and `GET /api/analytics/cohort/{id}` answers: every
 * figure of the product's response, plus what the adaptive engine adds. The contract between the data
 * (app/services/cohort-analytics.server.ts) and the page and exports.
 */
export type Bin = { from: number; to: number; count: number };

export type QuestionAnalyticsRow = ClassAnalytics["questionAnalytics"][number] & {
  /** The item's difficulty b on the engine's θ scale, recalibrated from this class's answers (null: too few answers). */
  calibratedDifficulty: number | null;
};

type StudentPerformanceRow = ClassAnalytics["studentPerformance"][number] & {
  /** 200 + 10θ (null before the session has results). */
  scaleScore: number | null;
  /** An accommodation changed what was measured (ADR 0032): the student's score, not the class's norm. */
  nonStandard: boolean;
};

export type ClassAnalyticsReport = Omit<ClassAnalytics, "questionAnalytics" | "studentPerformance"> & {
  studentPerformance: StudentPerformanceRow[];
  /** the product's top 10 questions by lowest success rate. */
  questionAnalytics: QuestionAnalyticsRow[];
  /** Every question answered in the class, hardest first (for the question export and chart). */
  allQuestionAnalytics: QuestionAnalyticsRow[];
  /** Completed sessions' percent scores in ten bins of 10 points (the last bin includes 100). */
  scoreHistogram: Bin[];
  /** Completed standard sessions' scale scores (200 + 10θ), binned, with their summary; the non-standard ones left out are counted (ADR 0032). */
  scaleScoreDistribution: { bins: Bin[]; count: number; mean: number | null; median: number | null; stdDev: number | null; nonStandardLeftOut: number };
};
