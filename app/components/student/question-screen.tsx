import { useCallback, useEffect, useRef, useState } from "react";

import { lazyScreen } from "~/components/lazy-screen";
import { useMessages } from "~/components/messages";
import { offersTestTools, type StudentTools } from "~/domain/accommodations/student-tools";
import type { Catalog } from "~/domain/i18n/catalog";
import type { AnswerControl, QuestionType } from "~/domain/questions/question-types";
import { clockAnnouncement, type SpokenWarning } from "~/domain/sessions/clock-announcements";
import { testPagePath } from "~/domain/sessions/test-page-paths";
import type { ActionResult, TitledMessage as Titled } from "~/domain/shell/action-result";

import { AnswerFields } from "./answer-fields";
import type { ChatLine } from "./chat-box";
import { Clock, useHydrated } from "./timers";
import { useAnswerSubmission } from "./use-answer-submission";

// Loaded when used (the student page budget): the feedback and its way on are fetched once the page is up, before the first answer.
const FeedbackStep = lazyScreen(() => import("./answer-feedback").then((module) => module.FeedbackStep));
// The tools bar loads only for a student whose accommodations give them tools.
const TestTools = lazyScreen(() => import("./test-tools").then((module) => module.TestTools));
const ChatBox = lazyScreen(() => import("./chat-box").then((module) => module.ChatBox));

type QuestionScreenProps = {
  testId: string;
  session: {
    id: string;
    resumeCode: string | null;
    timeRemainingSeconds: number;
    answeredCount: number;
    shownAt: number;
    transcript: ChatLine[];
    required: Titled;
    control: AnswerControl;
    breakSecondsLeft: number | null;
    tools: StudentTools;
    feedbackMovesOnMs: number | null;
    /** Written by the server in the page's language. */
    texts: {
      heading: string;
      answeredSoFar: string;
      answeredAfter: string;
      testClock: SpokenWarning[];
      questionClock: SpokenWarning[];
      feedbackMovesOn: string | null;
      teacherNotice: string;
    };
    question: {
      id: string;
      number: number;
      text: string;
      type: QuestionType;
      options: string[];
      initialPrompt: string | null;
      questionTimeRemaining: number | null;
      optionsReduced: boolean;
      measuresReading: boolean;
      /** The question's language where it differs from the page's (ADR 0044). */
      lang?: string;
    };
  };
  /** The feedback area's messages, when the test shows feedback between questions. */
  feedbackTexts?: Catalog["feedback"];
  /** A refused form post's result (the page without JavaScript). */
  actionResult?: ActionResult<unknown>;
};

/**
 * One question of a test session. Works as plain forms without JavaScript; with it,
 * `useAnswerSubmission` sends the answer (kept on the device until the server has it) and runs
 * the timers.
 */
export function QuestionScreen({ testId, session, actionResult, feedbackTexts }: QuestionScreenProps) {
  const { question, texts } = session;
  const t = useMessages("test");
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [transcript, setTranscript] = useState<ChatLine[]>(session.transcript);
  // A submit with nothing answered: the message stays beside the answer until the student gives one.
  const [missing, setMissing] = useState(false);
  const onMissingAnswer = useCallback(() => {
    setMissing(true);
    // Focus on the first answer field (a chat question's is its message field, outside the form).
    (form.current?.querySelector<HTMLElement>('[name="answer"]:not([type="hidden"])') ?? document.getElementById("chat-message"))?.focus();
  }, []);
  const { phase, status, feedback, overall, questionLeft, expired, timeUp, onSubmit, next } = useAnswerSubmission({
    testId,
    sessionId: session.id,
    question,
    timeRemainingSeconds: session.timeRemainingSeconds,
    shownAt: session.shownAt,
    control: session.control,
    onMissingAnswer,
    form,
    transcript,
    t,
  });

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => void FeedbackStep.preload(), []);

  const busy = phase !== "answering" || timeUp;
  // The question clock's warnings as the page first showed it (a question of 2 minutes or more is also warned at 1 minute).
  const [questionWarnings] = useState(texts.questionClock);
  const refusal = actionResult && !actionResult.ok && actionResult.intent === "submit" ? actionResult.toast : null;
  // A chat question is answered by its conversation.
  const stillMissing = missing && !(question.type === "chat" && transcript.some((line) => line.role === "user"));
  const answerError = stillMissing ? session.required.message : refusal ? (refusal.description ?? refusal.title) : null;

  const { tools } = session;
  return (
    <section aria-labelledby="question-heading" className="mx-auto max-w-3xl space-y-4">
      {offersTestTools(tools) ? (
        <TestTools
          testId={testId}
          sessionId={session.id}
          tools={tools}
          breakSecondsLeft={session.breakSecondsLeft}
          content={card}
          measuresReading={question.measuresReading}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {tools.untimed ? (
          <p className="rounded-md bg-slate-100 px-3 py-2 text-sm font-semibold text-slate-800" data-testid="overall-timer">
            {t.noTimeLimit}
          </p>
        ) : overall !== null ? (
          // Red under 60 seconds.
          <Clock
            label={t.testClockLabel}
            name={t.testClockName}
            seconds={overall}
            urgent={overall < 60 ? "bg-red-50 text-red-800" : null}
            testId="overall-timer"
          />
        ) : null}
        {questionLeft !== null ? (
          // Highlighted at 10 seconds or less.
          <Clock
            label={t.questionClockLabel}
            name={t.questionClockName}
            seconds={questionLeft}
            urgent={questionLeft <= 10 ? "bg-amber-100 text-amber-900 ring-2 ring-amber-500" : null}
            testId="question-timer"
          />
        ) : null}
        <p className="sr-only" aria-live="polite" data-testid="timer-announcement">
          {clockAnnouncement(texts.testClock, overall)}
        </p>
        <p className="sr-only" aria-live="polite" data-testid="question-timer-announcement">
          {clockAnnouncement(questionWarnings, questionLeft)}
        </p>
        <p aria-live="polite" className="text-sm font-semibold text-slate-800" data-testid="teacher-notice">
          {texts.teacherNotice}
        </p>
      </div>
      {timeUp ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-semibold text-red-800">
          {t.timesUp}
        </p>
      ) : null}
      {expired && !timeUp ? (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 font-semibold text-amber-900">
          {t.questionTimeExpired}
        </p>
      ) : null}

      <div className="card p-4 md:p-6" ref={card}>
        <h1 id="question-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none" data-read>
          {texts.heading}
        </h1>
        <div
          className="prose mt-3 max-w-none text-slate-900"
          data-testid="question-text"
          lang={question.lang}
          data-read
          dangerouslySetInnerHTML={{ __html: question.text }}
        />

        {session.control === "chat" ? (
          <ChatBox
            testId={testId}
            sessionId={session.id}
            questionId={question.id}
            initialPrompt={question.initialPrompt}
            transcript={transcript}
            onTranscript={setTranscript}
            disabled={busy}
            t={t}
          />
        ) : null}

        <form
          ref={form}
          method="post"
          action={testPagePath(testId, session.id)}
          onSubmit={onSubmit}
          className="mt-4 space-y-4"
          aria-describedby={answerError ? "answer-error" : undefined}
          onChange={() => setMissing(false)}
        >
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="sessionId" value={session.id} />
          <input type="hidden" name="questionId" value={question.id} />
          <input type="hidden" name="questionType" value={question.type} />
          <input type="hidden" name="shownAt" value={session.shownAt} />
          {question.optionsReduced ? <p className="text-sm text-slate-700">{t.optionsReduced}</p> : null}
          <AnswerFields
            t={t}
            control={session.control}
            options={question.options}
            lang={question.lang}
            disabled={busy}
            eliminator={tools.eliminator}
            invalid={answerError !== null}
          />
          {answerError ? (
            <p id="answer-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {answerError}
            </p>
          ) : null}
          <button type="submit" className="btn-primary min-h-11" disabled={hydrated && busy}>
            {phase === "sending" || phase === "waiting" ? t.grading : t.submitAnswer}
          </button>
        </form>
        <p aria-live="polite" className="mt-3 text-sm text-slate-800" data-testid="save-status">
          {status}
        </p>
      </div>

      {phase === "feedback" && feedback && feedbackTexts ? (
        <FeedbackStep feedback={feedback} t={feedbackTexts} movesOnMs={session.feedbackMovesOnMs} movesOnText={session.texts.feedbackMovesOn} onNext={next} />
      ) : null}
      {phase === "completed" ? (
        <p role="status" className="card p-4 font-semibold text-emerald-800">
          {t.testComplete}
        </p>
      ) : null}

      <p className="text-sm text-slate-700" data-testid="resume-code">
        {session.resumeCode ? (
          <>
            {t.resumeCodeLabel} <strong className="font-mono tracking-wider text-slate-900">{session.resumeCode}</strong> {t.resumeCodeUse}
          </>
        ) : null}{" "}
        {/* Once this answer is saved it counts too (the page's data was read before it). */}
        {phase === "answering" || phase === "sending" ? texts.answeredSoFar : texts.answeredAfter}
      </p>
    </section>
  );
}
