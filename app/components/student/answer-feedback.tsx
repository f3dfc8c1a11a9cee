import { Form } from "@remix-run/react";
import { useEffect, useRef } from "react";

import type { AnswerFeedback } from "~/domain/sessions/answer-feedback";
import { AWAITING_TEACHER, gradeOutOf100, isCorrectScore, scoreLabel } from "~/domain/sessions/answer-rules";
import { testPath } from "~/domain/sessions/test-page-paths";

import { Clock, TEST_CLOCK_NAME, useCountdown } from "./timers";

/** One answer's result and feedback, as far as the test's settings show them (the product's words). */
export function FeedbackPanel({ feedback }: { feedback: AnswerFeedback }) {
  // Its grader was unsure: no mark (no score, so never "correct"), only that the teacher will check it.
  const review = feedback.grading === "review";
  const score = feedback.grading === "review" ? 0 : gradeOutOf100(feedback);
  const correct = isCorrectScore(score);
  return (
    <div
      role="status"
      className={`card p-4 ${review ? "border-slate-300 bg-slate-50" : correct ? "border-emerald-300 bg-emerald-50" : "border-amber-300 bg-amber-50"}`}
      data-testid="answer-feedback"
    >
      {review || feedback.showResultDuringTest ? (
        <p className="text-lg font-semibold text-slate-900">
          {/* The tick is a picture; what it says is read as text (an aria-label on a plain span is not read). */}
          {correct ? (
            <>
              <span aria-hidden="true">✓</span>
              <span className="sr-only">Correct:</span>{" "}
            </>
          ) : null}
          {review ? AWAITING_TEACHER : scoreLabel(score)}{" "}
          {feedback.score !== null ? <span className="text-base font-normal">({Math.round(score)}/100)</span> : null}
        </p>
      ) : null}
      {feedback.late ? <p className="mt-1 text-sm text-slate-800">This answer arrived after the question's time ran out, so it scores 0.</p> : null}
      {feedback.showFeedbackDuringTest && feedback.feedback ? <p className="mt-2 text-slate-800">{feedback.feedback}</p> : null}
      {feedback.grading === "provisional" ? <p className="mt-2 text-sm text-slate-700">Your final feedback for this answer will be in your results.</p> : null}
    </div>
  );
}

/**
 * The feedback screen as a page of its own (step 5), for the page without JavaScript: as on the
 * page with it, the student moves on with 'Next question' (ADR 0042). A plain GET form.
 */
export function FeedbackScreen({
  testId,
  sessionId,
  number,
  feedback,
  timeRemainingSeconds,
}: {
  testId: string;
  sessionId: string;
  number: number;
  feedback: AnswerFeedback;
  timeRemainingSeconds: number;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const overall = useCountdown(timeRemainingSeconds);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="feedback-heading" className="mx-auto max-w-3xl space-y-4">
      {overall !== null ? (
        <div className="flex">
          <Clock label="Time left:" name={TEST_CLOCK_NAME} seconds={overall} urgent={overall < 60 ? "bg-red-50 text-red-800" : null} testId="overall-timer" />
        </div>
      ) : null}
      <h1 id="feedback-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        Question {number}: your answer is saved
      </h1>
      <FeedbackPanel feedback={feedback} />
      <Form method="get" action={testPath(testId)}>
        <input type="hidden" name="session" value={sessionId} />
        <button type="submit" className="btn-primary min-h-11">
          Next question
        </button>
      </Form>
    </section>
  );
}
