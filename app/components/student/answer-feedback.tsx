import { Form } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";

import type { Catalog } from "~/domain/i18n/catalog";
import type { AnswerFeedback } from "~/domain/sessions/answer-feedback";
import { gradeOutOf100, isCorrectScore, scoreLabel } from "~/domain/sessions/answer-rules";
import { testPath } from "~/domain/sessions/test-page-paths";

import { Clock, useCountdown } from "./timers";

/** One answer's result and feedback, as far as the test's settings show them (the product's words). */
export function FeedbackPanel({ feedback, t, children }: { feedback: AnswerFeedback; t: Catalog["feedback"]; children?: ReactNode }) {
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
              <span className="sr-only">{t.correctTick}</span>{" "}
            </>
          ) : null}
          {review ? t.awaitingTeacher : t[scoreLabel(score)]}{" "}
          {feedback.score !== null ? <span className="text-base font-normal">({Math.round(score)}/100)</span> : null}
        </p>
      ) : null}
      {feedback.late ? <p className="mt-1 text-sm text-slate-800">{t.lateAnswer}</p> : null}
      {feedback.showFeedbackDuringTest && feedback.feedback ? <p className="mt-2 text-slate-800">{feedback.feedback}</p> : null}
      {feedback.grading === "provisional" ? <p className="mt-2 text-sm text-slate-700">{t.provisionalFeedback}</p> : null}
      {children}
    </div>
  );
}

/**
 * The feedback with JavaScript and the way on (ADR 0042). By default it stays until "Next question".
 * A test with the timed display moves on by itself after `movesOnMs`, unless the student presses
 * "Stay on this feedback" (focused as the panel shows): then it stays and offers "Next question".
 * Focus is always on the one button there is.
 */
export function FeedbackStep({
  feedback,
  t,
  movesOnMs,
  movesOnText,
  onNext,
}: {
  feedback: AnswerFeedback;
  t: Catalog["feedback"];
  movesOnMs: number | null;
  /** The countdown line, written by the server in the page's language. */
  movesOnText: string | null;
  onNext: () => void;
}) {
  const [staying, setStaying] = useState(movesOnMs === null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), [staying]);
  useEffect(() => {
    if (staying || movesOnMs === null) return;
    const timer = window.setTimeout(onNext, movesOnMs);
    return () => window.clearTimeout(timer);
  }, [movesOnMs, onNext, staying]);
  return (
    <>
      <FeedbackPanel feedback={feedback} t={t}>
        {staying ? null : <p className="mt-2 text-sm text-slate-800">{movesOnText}</p>}
      </FeedbackPanel>
      {staying ? (
        <button key="next" ref={button} type="button" className="btn-primary min-h-11" onClick={onNext}>
          {t.nextQuestion}
        </button>
      ) : (
        <button key="stay" ref={button} type="button" className="btn-primary min-h-11" onClick={() => setStaying(true)}>
          {t.stay}
        </button>
      )}
    </>
  );
}

/**
 * The feedback screen as a page of its own (step 5), for the page without JavaScript: as on the
 * page with it, the student moves on with 'Next question' (ADR 0042). A plain GET form.
 */
export function FeedbackScreen({
  testId,
  sessionId,
  heading: title,
  feedback,
  timeRemainingSeconds,
  t,
  clock,
}: {
  testId: string;
  sessionId: string;
  /** "Question 2: your answer is saved", written by the server in the page's language. */
  heading: string;
  feedback: AnswerFeedback;
  timeRemainingSeconds: number;
  /** The feedback area's messages and the test area's (the clock), as the page got them. */
  t: Catalog["feedback"];
  clock: Catalog["test"];
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const overall = useCountdown(timeRemainingSeconds);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="feedback-heading" className="mx-auto max-w-3xl space-y-4">
      {overall !== null ? (
        <div className="flex">
          <Clock
            label={clock.testClockLabel}
            name={clock.testClockName}
            seconds={overall}
            urgent={overall < 60 ? "bg-red-50 text-red-800" : null}
            testId="overall-timer"
          />
        </div>
      ) : null}
      <h1 id="feedback-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        {title}
      </h1>
      <FeedbackPanel feedback={feedback} t={t} />
      <Form method="get" action={testPath(testId)}>
        <input type="hidden" name="session" value={sessionId} />
        <button type="submit" className="btn-primary min-h-11">
          {t.nextQuestion}
        </button>
      </Form>
    </section>
  );
}
