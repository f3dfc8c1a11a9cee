import { withoutNotes } from "~/domain/accommodations/accommodations";

import { studentGrade } from "./answer-rules";
import { type AttemptAnswer, attemptResults, type AttemptState, currentQuestion, type SubmitOutcome } from "./attempt";
import type { SessionBlueprint } from "./blueprint";
import { modelGradeRequest, offlineGradeLog } from "./scoring";
import { type AnswerOutcome, PAUSED_MESSAGE, type SessionProgress, type SessionView, type SubmitResult } from "./session-contract";
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
    feedbackDisplay: blueprint.feedbackDisplay ?? "until_next",
    currentQuestion: currentQuestion(state, blueprint, now),
    resumeCode: blueprint.resumeCode ?? null,
    // A session begun before the blueprint left the notes out still holds them: they never leave the object.
    accommodations: withoutNotes(blueprint.accommodations ?? null),
  };
}

function toAnswerOutcome(answer: AttemptAnswer): AnswerOutcome {
  const grade = studentGrade(answer);
  const awaitingTeacher = grade.grading === "review";
  return {
    ...grade,
    questionId: answer.questionId,
    pointsEarned: awaitingTeacher ? null : answer.pointsEarned,
    maxPoints: answer.maxPoints,
    strengths: awaitingTeacher ? [] : answer.strengths,
    improvements: awaitingTeacher ? [] : answer.improvements,
    late: answer.late,
  };
}

/** What the object answers a submit, once any change the outcome carries is stored. */
export function submitResult(outcome: SubmitOutcome, blueprint: SessionBlueprint, now: number): SubmitResult {
  switch (outcome.kind) {
    case "repeat":
    case "recorded":
      return {
        ok: true,
        outcome: outcome.kind,
        answer: toAnswerOutcome(outcome.answer),
        view: sessionProgress(outcome.state, blueprint, now),
        // Grading work only for a newly recorded answer: a repeat was graded the first time.
        modelGrade: outcome.kind === "recorded" ? modelGradeRequest(outcome.question, outcome.answer, blueprint) : null,
        offlineGradeLog: outcome.kind === "recorded" ? offlineGradeLog(outcome.question, outcome.answer, outcome.offline) : null,
      };
    case "completed":
      return { ok: false, reason: "completed", snapshot: sessionProgress(outcome.state, blueprint, now).snapshot };
    case "not_current":
      return { ok: false, reason: "not_current", message: "session.notCurrent" };
    case "paused":
      return { ok: false, reason: "paused", message: PAUSED_MESSAGE };
    case "wrong_form":
      return { ok: false, reason: "invalid_input", message: "answer: this answer does not fit the question's type" };
    default: {
      const unhandled: never = outcome;
      throw new Error(`Unknown submit outcome ${JSON.stringify(unhandled)}`);
    }
  }
}
