import { studentGrade, studentGradeOutOf100 } from "./answer-rules";
import type { AnswerOutcome, SessionView, StudentGrade } from "./session-contract";

/**
 * What the feedback screen shows about one answer (step 5):
 * the same fields the page's JavaScript gets back from a submit, so both paths show one panel.
 */
export type AnswerFeedback = StudentGrade & Pick<AnswerOutcome, "late"> & Pick<SessionView, "showResultDuringTest" | "showFeedbackDuringTest">;

/** Whether the test shows anything between questions (the 3-second feedback display). */
export function showsFeedbackDuringTest(view: Pick<SessionView, "showResultDuringTest" | "showFeedbackDuringTest">): boolean {
  return view.showResultDuringTest || view.showFeedbackDuringTest;
}

/** What the test page's data route answers for each intent (the page's JavaScript reads these types). */
export type SubmittedAnswer = AnswerFeedback & { completed: boolean };
export type ChatReply = { reply: string };
type SessionCompleted = { completed: true };
/** A break started or ended (ADR 0032): the clocks as they stand. */
type BreakState = { paused: boolean; timeRemainingSeconds: number; breakSecondsLeft: number | null };
export type TestPageData = SubmittedAnswer | ChatReply | SessionCompleted | BreakState;

/**
 * The grade of one of the session's answers as it stands (what the page asks for while a model
 * grade is pending), its score out of 100, or no mark while it awaits the teacher; null when the
 * question is not one of the session's answers.
 */
export function answerGrade(view: Pick<SessionView, "results">, questionId: string): StudentGrade | null {
  const answer = view.results.answers[questionId];
  if (!answer) return null;
  return studentGradeOutOf100(studentGrade(answer));
}

/**
 * The feedback on an answered question and its number in the session, for the page that shows it
 * without JavaScript; null when the test shows no feedback during the test or the question is not
 * one of the session's answers (a stale or made-up link shows the current question instead).
 */
export function answerFeedback(
  view: Pick<SessionView, "showResultDuringTest" | "showFeedbackDuringTest" | "snapshot" | "results">,
  questionId: string,
): { number: number; feedback: AnswerFeedback } | null {
  if (!showsFeedbackDuringTest(view)) return null;
  const index = view.snapshot.answeredQuestionIds.indexOf(questionId);
  const grade = answerGrade(view, questionId);
  const answer = view.results.answers[questionId];
  if (index < 0 || !grade || !answer) return null;
  return {
    number: index + 1,
    feedback: { ...grade, late: answer.late, showResultDuringTest: view.showResultDuringTest, showFeedbackDuringTest: view.showFeedbackDuringTest },
  };
}
