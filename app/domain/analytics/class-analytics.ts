import { addToBiserialSums, type BiserialSums, emptyBiserialSums, mean, median, percentile, pointBiserialFromSums, standardDeviation } from "./statistics";

/**
 * Every figure of the product's cohort analytics response (section 3), from a class's sessions on one
 * test, as a pure function. Scores are percents (0–100); times are minutes.
 */
export type AnalyticsAnswer = {
  questionId: string;
  questionText: string;
  questionType: string;
  difficulty: string;
  pointsEarned: number;
  maxPoints: number;
  wasCorrect: boolean;
};

export type AnalyticsSession = {
  sessionId: string;
  studentId: string;
  /** The name given at join (ADR 0016); absent or null when unknown. */
  studentName?: string | null;
  completed: boolean;
  /** The student ended it before the engine's stop; its totalScore counts the questions not answered as 0 (ADR 0012). */
  endedEarly?: boolean;
  totalScore: number | null;
  startTime: number;
  endTime: number | null;
  /** The answers' own timers added up (the time the student spent on the questions). */
  answeringSeconds?: number;
  competenciesStatus: Record<string, string>;
  moduleRecommendations: Record<string, string>;
  answers: AnalyticsAnswer[];
};

/** Below the 25th percentile, or below 60% of the class average. */
const STRUGGLING_PERCENTILE = 0.25;
const STRUGGLING_SHARE_OF_AVERAGE = 0.6;
/** A competency is flagged under 60% mastery; the 10 questions with the lowest success rate are shown. */
export const COMPETENCY_ATTENTION_PERCENT = 60;
export const HARDEST_QUESTIONS = 10;
/** A question most students get wrong. */
const DIFFICULT_SUCCESS_RATE = 50;

const round1 = (value: number) => Math.round(value * 10) / 10;
/**
 * How long a finished session took: from start to end, or the answers' own timers added up if
 * that is longer (a session whose answers were sent faster than they were timed, as simulated
 * demo students' are, still took the time its questions did).
 */
const minutesOf = (session: AnalyticsSession) =>
  session.endTime === null ? null : Math.max(session.endTime - session.startTime, (session.answeringSeconds ?? 0) * 1000) / 60_000;

function struggling(completed: AnalyticsSession[], average: number | null) {
  const scores = completed.map((session) => session.totalScore ?? 0);
  const cut = percentile(scores, STRUGGLING_PERCENTILE);
  if (cut === null || average === null) return [];
  const floor = average * STRUGGLING_SHARE_OF_AVERAGE;
  return completed
    .filter((session) => (session.totalScore ?? 0) < cut || (session.totalScore ?? 0) < floor)
    .sort((a, b) => (a.totalScore ?? 0) - (b.totalScore ?? 0))
    .map((session) => ({
      sessionId: session.sessionId,
      studentId: session.studentId,
      studentName: session.studentName ?? null,
      score: pointsOf(session),
      percentageScore: session.totalScore ?? 0,
      questionsAnswered: session.answers.length,
      endedEarly: session.endedEarly ?? false,
      competenciesMastered: masteredCount(session),
      // Below both lines: the student is well behind the class, not only at its tail.
      needsHelp: (session.totalScore ?? 0) < cut && (session.totalScore ?? 0) < floor ? "urgent" : "monitor",
    }));
}

const pointsOf = (session: AnalyticsSession) => round1(session.answers.reduce((sum, answer) => sum + answer.pointsEarned, 0));
const masteredCount = (session: AnalyticsSession) => Object.values(session.competenciesStatus).filter((status) => status === "mastered").length;

function competencyMastery(completed: AnalyticsSession[]) {
  const tally = new Map<string, { mastered: number; total: number }>();
  for (const session of completed) {
    for (const [name, status] of Object.entries(session.competenciesStatus)) {
      if (status === "not_assessed") continue;
      const entry = tally.get(name) ?? { mastered: 0, total: 0 };
      entry.total++;
      if (status === "mastered") entry.mastered++;
      tally.set(name, entry);
    }
  }
  return Object.fromEntries(
    [...tally].map(([name, { mastered, total }]) => {
      const percentage = round1((100 * mastered) / total);
      return [name, { name, mastered, total, percentage, needsAttention: percentage < COMPETENCY_ATTENTION_PERCENT }];
    }),
  );
}

function questionAnalytics(sessions: AnalyticsSession[]) {
  // One pass with running sums: a class of 1,000 students × 30 answers is 30,000 answers.
  const byQuestion = new Map<string, { answer: AnalyticsAnswer; correct: number; points: number; sums: BiserialSums }>();
  for (const session of sessions) {
    const total = session.totalScore ?? 0;
    for (const answer of session.answers) {
      let entry = byQuestion.get(answer.questionId);
      if (!entry) {
        entry = { answer, correct: 0, points: 0, sums: emptyBiserialSums() };
        byQuestion.set(answer.questionId, entry);
      }
      if (answer.wasCorrect) entry.correct += 1;
      entry.points += answer.pointsEarned;
      addToBiserialSums(entry.sums, answer.wasCorrect, total);
    }
  }
  return [...byQuestion.values()]
    .map(({ answer, correct, points, sums }) => {
      const successRate = round1((100 * correct) / sums.count);
      const discrimination = pointBiserialFromSums(sums);
      return {
        questionId: answer.questionId,
        questionText: answer.questionText,
        questionType: answer.questionType,
        difficulty: answer.difficulty,
        totalAttempts: sums.count,
        averageScore: round1(points / sums.count),
        maxPoints: answer.maxPoints,
        successRate,
        isDifficult: successRate < DIFFICULT_SUCCESS_RATE,
        discrimination: discrimination === null ? null : Math.round(discrimination * 100) / 100,
      };
    })
    .sort((a, b) => a.successRate - b.successRate || b.totalAttempts - a.totalAttempts || a.questionId.localeCompare(b.questionId));
}

type ClassAnalyticsInput = { testName: string; cohortId: string; sessions: AnalyticsSession[] };

/** the product's response: the 10 questions with the lowest success rate. */
export function classAnalytics(input: ClassAnalyticsInput) {
  const { allQuestionAnalytics, ...figures } = analyseClass(input);
  return { ...figures, questionAnalytics: allQuestionAnalytics.slice(0, HARDEST_QUESTIONS) };
}
export type ClassAnalytics = ReturnType<typeof classAnalytics>;

/** Every figure, with every question answered (hardest first) rather than the top 10. */
export function analyseClass(input: ClassAnalyticsInput) {
  const { sessions } = input;
  const completed = sessions.filter((session) => session.completed);
  const scores = completed.map((session) => session.totalScore ?? 0);
  const average = mean(scores);
  const times = completed.map(minutesOf).filter((minutes): minutes is number => minutes !== null);
  const strugglingStudents = struggling(completed, average);
  const mastery = competencyMastery(completed);
  const questions = questionAnalytics(sessions);
  const moduleRecommendations: Record<string, number> = {};
  for (const session of completed) {
    for (const [module, label] of Object.entries(session.moduleRecommendations)) {
      if (label !== "Mastered") moduleRecommendations[module] = (moduleRecommendations[module] ?? 0) + 1;
    }
  }
  const insights = [
    ...(strugglingStudents.some((student) => student.needsHelp === "urgent")
      ? [
          {
            type: "alert",
            message: `${strugglingStudents.filter((student) => student.needsHelp === "urgent").length} student(s) are well below the class and need help now.`,
          },
        ]
      : []),
    ...Object.values(mastery)
      .filter((competency) => competency.needsAttention)
      .map((competency) => ({ type: "warning", message: `Only ${competency.percentage}% of students mastered "${competency.name}".` })),
    ...(sessions.length && completed.length < sessions.length
      ? [{ type: "info", message: `${sessions.length - completed.length} of ${sessions.length} sessions are not finished yet.` }]
      : []),
  ];
  return {
    testName: input.testName,
    cohortId: input.cohortId,
    insights,
    totalSessions: sessions.length,
    completedSessions: completed.length,
    completionRate: sessions.length ? round1((100 * completed.length) / sessions.length) : 0,
    averageScore: average === null ? 0 : round1(average),
    scoreDistribution: {
      min: scores.length ? Math.min(...scores) : 0,
      max: scores.length ? Math.max(...scores) : 0,
      median: round1(median(scores) ?? 0),
      stdDev: round1(standardDeviation(scores) ?? 0),
    },
    averageTimeMinutes: round1(mean(times) ?? 0),
    strugglingStudents,
    studentPerformance: sessions.map((session) => ({
      sessionId: session.sessionId,
      studentId: session.studentId,
      studentName: session.studentName ?? null,
      completed: session.completed,
      endedEarly: session.endedEarly ?? false,
      score: pointsOf(session),
      percentageScore: session.totalScore ?? 0,
      questionsAnswered: session.answers.length,
      competenciesMastered: masteredCount(session),
      timeMinutes: minutesOf(session) === null ? null : round1(minutesOf(session)!),
    })),
    competencyMastery: mastery,
    allQuestionAnalytics: questions,
    moduleRecommendations,
  };
}
