import type { SessionView } from "./session-contract";

/**
 * What the feedback screen shows about one answer (step 5):
 * the same fields the page's JavaScript gets back from a submit, so both paths show one panel.
 */
export type AnswerFeedback = {
  score: number | null;
  wasCorrect: boolean;
  feedback: string | null;
  grading: "final" | "provisional";
  late: boolean;
  showResultDuringTest: boolean;
  showFeedbackDuringTest: boolean;
};

/** Whether the test shows anything between questions (the 3-second feedback display). */
export function showsFeedbackDuringTest(view: Pick<SessionView, "showResultDuringTest" | "showFeedbackDuringTest">): boolean {
  return view.showResultDuringTest || view.showFeedbackDuringTest;
}

/** What the test page's data route answers for each intent (the page's JavaScript reads these types). */
export type SubmittedAnswer = AnswerFeedback & { completed: boolean };
export type ChatReply = { reply: string };
type SessionCompleted = { completed: true };
export type TestPageData = SubmittedAnswer | ChatReply | SessionCompleted;

/** One answer's grade as it stands: what the page asks for while a model grade is pending. */
export type AnswerGrade = Pick<AnswerFeedback, "score" | "wasCorrect" | "feedback" | "grading">;

/** The grade of one of the session's answers, or null when the question is not one of them. */
export function answerGrade(view: Pick<SessionView, "results">, questionId: string): AnswerGrade | null {
  const answer = view.results.answers[questionId];
  if (!answer) return null;
  return {
    score: answer.gradingScore ?? (answer.wasCorrect ? 100 : 0),
    wasCorrect: answer.wasCorrect,
    feedback: answer.feedback,
    // A teacher's grade is final as far as the student's test screen is concerned.
    grading: answer.grading === "provisional" ? "provisional" : "final",
  };
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
