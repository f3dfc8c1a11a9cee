import { gradeOutOf100 } from "./answer-rules";
import { effortFacts } from "./effort-note";
import type { AnswerOutcome, SessionView } from "./session-contract";

/** The JSON shapes of /api/sessions, from what the session's object answers. */

export function sessionJson(view: SessionView) {
  const { snapshot, results } = view;
  return {
    id: snapshot.sessionId,
    sessionId: snapshot.sessionId,
    testConfigId: view.testId,
    testTitle: view.testTitle,
    testSubject: view.testSubject,
    userId: view.studentId,
    testMode: view.mode,
    cohortId: view.cohortId,
    startTime: new Date(snapshot.startedAt).toISOString(),
    endTime: snapshot.completedAt === null ? null : new Date(snapshot.completedAt).toISOString(),
    completed: snapshot.completed,
    completedReason: snapshot.completedReason,
    timeRemaining: snapshot.timeRemainingSeconds,
    totalScore: results.totalScore,
    /** The student ended the session before the engine's stop; totalScore counts the questions not answered as 0 (ADR 0012). */
    endedEarly: results.endedEarly,
    questionsNotAnswered: results.questionsNotAnswered,
    ...withoutUnsureMarks(results),
    competenciesStatus: results.competenciesStatus,
    moduleRecommendations: results.moduleRecommendations,
    scaleScore: results.scaleScore,
    scaleScoreSE: results.scaleScoreSE,
    questionsAnswered: snapshot.answeredQuestionIds.length,
    /** Open answers whose model grade has not landed yet: results show 'grading' until then. */
    gradingPending: results.gradingPending,
    /** Open answers whose grader was unsure (`grading: "review"`), waiting for the teacher's grade. */
    awaitingTeacher: results.awaitingTeacher ?? 0,
    ...breaksJson(view),
    /** An accommodation changed what was measured (ADR 0032): the score stands, but not in calibration or class norms. */
    nonStandard: results.nonStandardReasons.length > 0,
    nonStandardReasons: results.nonStandardReasons,
    /** Share of answers that were not rapid guesses, and the warning below 90% (ADR 0033). */
    ...effortFacts(results.effort),
  };
}

/**
 * The results' answers and open-answer scores, with no mark of an answer awaiting its teacher: the
 * student may read this shape, and its grader was unsure (answer-rules.ts `studentGrade`). The
 * provisional grade still counts in the total; the teacher reads it on the AI grading review.
 */
function withoutUnsureMarks(results: SessionView["results"]) {
  const awaiting = new Set(Object.entries(results.answers).flatMap(([id, answer]) => (answer.grading === "review" ? [id] : [])));
  const answers = Object.fromEntries(
    Object.entries(results.answers).map(([id, answer]) => [
      id,
      awaiting.has(id) ? { ...answer, pointsEarned: null, wasCorrect: null, gradingScore: null, feedback: null } : answer,
    ]),
  );
  const scores = Object.fromEntries(
    Object.entries(results.scores).map(([id, score]) => [id, awaiting.has(id) ? { score: null, feedback: null, strengths: [], improvements: [] } : score]),
  );
  return { scores, answers };
}

/** The accommodations the session runs with (null: none) and its break state (ADR 0032). */
function breaksJson(view: Pick<SessionView, "snapshot" | "accommodations">) {
  return {
    accommodations: view.accommodations,
    paused: view.snapshot.paused,
    breakSecondsLeft: view.snapshot.breakSecondsLeft,
  };
}

/** POST /api/sessions/{id}/pause and /resume's answer: the time left and the break state (ADR 0032). */
export function breakStepJson(sessionId: string, view: Pick<SessionView, "snapshot" | "accommodations">) {
  return { sessionId, timeRemaining: view.snapshot.timeRemainingSeconds, ...breaksJson(view) };
}

/**
 * The product's gradingResult: a score out of 100 (a choice question's is 100 or 0), feedback,
 * strengths and improvements, plus whether it counted as correct and the points it earned. An
 * answer awaiting its teacher (`grading: "review"`) has no score, correctness or points to tell.
 */
export function gradingResultJson(answer: AnswerOutcome) {
  return {
    questionId: answer.questionId,
    score: answer.grading === "review" ? null : gradeOutOf100(answer),
    isCorrect: answer.wasCorrect,
    pointsEarned: answer.pointsEarned,
    maxPoints: answer.maxPoints,
    feedback: answer.feedback,
    strengths: answer.strengths,
    improvements: answer.improvements,
    grading: answer.grading,
    late: answer.late,
  };
}
