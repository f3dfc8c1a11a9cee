import { studentGrade } from "./answer-rules";
import { type AttemptAnswer, attemptResults, type AttemptState, currentQuestion } from "./attempt";
import type { SessionBlueprint } from "./blueprint";
import type { AnswerOutcome, SessionProgress, SessionView } from "./session-contract";
import { toSnapshot } from "./session-state";

/** What the session's Durable Object answers, derived from its state. */

export function sessionView(state: AttemptState, blueprint: SessionBlueprint, now: number): SessionView {
  return { ...sessionProgress(state, blueprint, now), results: attemptResults(state, blueprint) };
}

export function sessionProgress(state: AttemptState, blueprint: SessionBlueprint, now: number): SessionProgress {
  return {
    snapshot: toSnapshot(state.session, now),
    testId: blueprint.testId,
    testTitle: blueprint.testTitle,
    testSubject: blueprint.testSubject,
    mode: blueprint.mode,
    studentId: blueprint.studentId,
    cohortId: blueprint.cohortId,
    showResultDuringTest: blueprint.showResultDuringTest,
    showFeedbackDuringTest: blueprint.showFeedbackDuringTest,
    currentQuestion: currentQuestion(state, blueprint, now),
    resumeCode: blueprint.resumeCode ?? null,
    accommodations: blueprint.accommodations ?? null,
  };
}

export function toAnswerOutcome(answer: AttemptAnswer): AnswerOutcome {
  return {
    ...studentGrade(answer),
    questionId: answer.questionId,
    pointsEarned: answer.pointsEarned,
    maxPoints: answer.maxPoints,
    strengths: answer.strengths,
    improvements: answer.improvements,
    late: answer.late,
  };
}
