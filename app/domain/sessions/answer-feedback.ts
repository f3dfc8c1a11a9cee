import type { SessionView } from "./session-contract";

/**
 * What the feedback screen shows about one answer (SPEC.md section 2 "Take a test", step 5):
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

/** Whether the test shows anything between questions (SPEC.md section 4: the 3-second feedback display). */
export function showsFeedbackDuringTest(view: Pick<SessionView, "showResultDuringTest" | "showFeedbackDuringTest">): boolean {
  return view.showResultDuringTest || view.showFeedbackDuringTest;
}

/**
 * The feedback on an answered question and its number in the session, for the page that shows it
 * without JavaScript; null when the test shows no feedback during the test or the question is not
 * one of the session's answers (a stale or made-up link shows the current question instead).
 */
export function answerFeedback(view: Pick<SessionView, "showResultDuringTest" | "showFeedbackDuringTest" | "snapshot" | "results">, questionId: string): { number: number; feedback: AnswerFeedback } | null {
  if (!showsFeedbackDuringTest(view)) return null;
  const index = view.snapshot.answeredQuestionIds.indexOf(questionId);
  const answer = view.results.answers[questionId];
  if (index < 0 || !answer) return null;
  return {
    number: index + 1,
    feedback: {
      score: answer.gradingScore ?? (answer.wasCorrect ? 100 : 0),
      wasCorrect: answer.wasCorrect,
      feedback: answer.feedback,
      // A teacher's grade is final as far as the student's test screen is concerned.
      grading: answer.grading === "provisional" ? "provisional" : "final",
      late: answer.late,
      showResultDuringTest: view.showResultDuringTest,
      showFeedbackDuringTest: view.showFeedbackDuringTest,
    },
  };
}
