import { SCALE_BIN_WIDTH, SCALE_SCORE_RANGE } from "~/domain/adaptive/scale";
import { htmlToPlainText } from "~/domain/questions/plain-text";

import { calibratedDifficulties } from "./calibrated-difficulty";
import { analyseClass, type AnalyticsSession, HARDEST_QUESTIONS } from "./class-analytics";
import type { Bin, ClassAnalyticsReport } from "./report";
import { mean, median, standardDeviation } from "./statistics";

/**
 * The whole Cohort Analytics report from a class's sessions: the product's figures plus
 * what the adaptive engine adds (calibrated difficulty, the scale-score distribution) and the
 * binned scores the charts draw. Pure, so the page, the API and the exports share one answer.
 */
export type ReportSession = AnalyticsSession & {
  /** The scale score (`domain/adaptive/scale.ts`, ADR 0008); null before the session has results. */
  scaleScore: number | null;
  /** An accommodation changed what was measured (ADR 0032): out of the calibration and the class's distribution. Absent: standard. */
  nonStandard?: boolean;
};

/** Percent scores in bins of 10 points; the last bin holds 100 too. */
const SCORE_BIN_WIDTH = 10;

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * Counts values into equal bins over [from, to]; a value on a bin's upper edge belongs to the next
 * bin, except `to` itself, which closes the last. Values outside the range go to the end bins.
 */
export function binValues(values: readonly number[], range: { from: number; to: number }, width: number): Bin[] {
  const count = Math.ceil((range.to - range.from) / width);
  const bins: Bin[] = Array.from({ length: count }, (_, index) => ({
    from: range.from + index * width,
    to: Math.min(range.to, range.from + (index + 1) * width),
    count: 0,
  }));
  for (const value of values) {
    const index = Math.min(count - 1, Math.max(0, Math.floor((value - range.from) / width)));
    bins[index]!.count += 1;
  }
  return bins;
}

export function classAnalyticsReport(input: { testName: string; cohortId: string; sessions: ReportSession[] }): ClassAnalyticsReport {
  const { allQuestionAnalytics, ...figures } = analyseClass(input);
  // Non-standard sessions stand for their students, not for the items or the class's norms (ADR 0032).
  const standard = input.sessions.filter((session) => !session.nonStandard);
  const difficulties = calibratedDifficulties(standard);
  const questions = allQuestionAnalytics.map((question) => ({
    ...question,
    // Stored text is sanitized HTML; the report is read as text (tables, charts, CSV).
    questionText: htmlToPlainText(question.questionText),
    calibratedDifficulty: difficulties.get(question.questionId) ?? null,
  }));
  const completed = input.sessions.filter((session) => session.completed);
  const scaleScores = completed.flatMap((session) => (session.scaleScore === null || session.nonStandard ? [] : [session.scaleScore]));
  const scaleOf = new Map(input.sessions.map((session) => [session.sessionId, session.scaleScore]));
  const nonStandardIds = new Set(input.sessions.filter((session) => session.nonStandard).map((session) => session.sessionId));
  return {
    ...figures,
    // A session in progress may hold a running estimate; like its percent, it is not a result yet.
    studentPerformance: figures.studentPerformance.map((row) => ({
      ...row,
      scaleScore: row.completed ? (scaleOf.get(row.sessionId) ?? null) : null,
      nonStandard: nonStandardIds.has(row.sessionId),
    })),
    questionAnalytics: questions.slice(0, HARDEST_QUESTIONS),
    allQuestionAnalytics: questions,
    scoreHistogram: binValues(
      completed.map((session) => session.totalScore ?? 0),
      { from: 0, to: 100 },
      SCORE_BIN_WIDTH,
    ),
    scaleScoreDistribution: {
      bins: binValues(scaleScores, SCALE_SCORE_RANGE, SCALE_BIN_WIDTH),
      count: scaleScores.length,
      mean: round1(mean(scaleScores)),
      median: round1(median(scaleScores)),
      stdDev: round1(standardDeviation(scaleScores)),
      nonStandardLeftOut: completed.filter((session) => session.nonStandard && session.scaleScore !== null).length,
    },
  };
}
