import { useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";

import type { ActionResult } from "~/lib/action-result";
import { useToast } from "~/components/toast/toast-context";
import type { QuestionType } from "~/domain/questions/question-types";
import type { AnswerFeedback } from "~/domain/sessions/answer-feedback";
import type { TitledMessage as Titled } from "~/lib/action-result";
import { FeedbackPanel } from "./answer-feedback";
import { ChatBox, type ChatLine } from "./chat-box";
import { dropPending, keepPending, pendingFor, sendSubmission, type PendingSubmission } from "./pending-answers";
import { Clock, timerAnnouncement, useCountdown, useHydrated } from "./timers";

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
    question: {
      id: string;
      number: number;
      text: string;
      type: QuestionType;
      options: string[];
      scenarioTitle: string | null;
      initialPrompt: string | null;
      questionTimeRemaining: number | null;
    };
  };
  /** A refused form post's result (the page without JavaScript). */
  actionResult?: ActionResult<unknown>;
};

type Feedback = AnswerFeedback & { completed: boolean };
type Phase = "answering" | "sending" | "waiting" | "feedback" | "completed";

const FEEDBACK_MS = 3000;
const COMPLETION_MS = 2000;
const RETRY_MS = 4000;

/**
 * One question of a test session (SPEC.md section 4's student flow). Works as plain forms without
 * JavaScript; with it, answers go through `pending-answers` so none is lost to the network, and
 * the timers count down.
 */
export function QuestionScreen({ testId, session, actionResult }: QuestionScreenProps) {
  const { question } = session;
  const pageUrl = `/test/${testId}?session=${encodeURIComponent(session.id)}`;
  const { toast } = useToast();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const appearedAt = useRef(0);
  const sending = useRef(false);
  /** This question's submission, also in memory: storage may be full or blocked. */
  const submission = useRef<PendingSubmission | null>(null);
  const hydrated = useHydrated();
  const autoSubmitted = useRef(false);
  const [phase, setPhase] = useState<Phase>("answering");
  const [status, setStatus] = useState("");
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [transcript, setTranscript] = useState<ChatLine[]>(session.transcript);

  const overall = useCountdown(session.timeRemainingSeconds);
  const questionLeft = useCountdown(question.questionTimeRemaining);
  const expired = questionLeft === 0;
  const timeUp = overall === 0;

  useEffect(() => {
    appearedAt.current = Date.now();
    heading.current?.focus();
  }, []);

  const afterSaved = useCallback(
    (data: Feedback) => {
      setStatus("Answer saved");
      if (data.completed) {
        setPhase("completed");
        window.setTimeout(() => navigate(`/results/${encodeURIComponent(session.id)}`), COMPLETION_MS);
        return;
      }
      if (data.showResultDuringTest || data.showFeedbackDuringTest) {
        setFeedback(data);
        setPhase("feedback");
        // The model grades behind the student: while the feedback shows, its grade may land.
        if (data.grading === "provisional") void awaitModelGrade(session.id, question.id, (grade) => setFeedback((shown) => shown && { ...shown, ...grade }));
        window.setTimeout(revalidate, FEEDBACK_MS);
        return;
      }
      revalidate();
    },
    [navigate, question.id, revalidate, session.id],
  );

  /** Sends this question's kept submission; on a network failure it stays kept and is tried again. */
  const trySend = useCallback(async () => {
    if (sending.current) return;
    const kept = submission.current ?? pendingFor(session.id).find(([id]) => id === question.id)?.[1];
    if (!kept) return;
    submission.current = kept;
    sending.current = true;
    setStatus("Saving your answer…");
    const outcome = await sendSubmission(kept);
    sending.current = false;
    if (outcome.kind === "network") {
      setPhase("waiting");
      setStatus("Waiting for the network — your answer is kept on this device and will be sent when you are back online.");
      return;
    }
    dropPending(session.id, question.id);
    submission.current = null;
    if (outcome.kind === "refused") {
      setPhase("answering");
      setStatus("");
      toast({ title: outcome.title, description: outcome.message, variant: "destructive" });
      // The session may have ended (time up) or moved on: the page's data says where to go.
      revalidate();
      return;
    }
    afterSaved(outcome.data as Feedback);
  }, [afterSaved, question.id, revalidate, session.id, toast]);

  // Answers kept from earlier (a reload or a lost connection) go first; then retries while waiting.
  useEffect(() => {
    const others = pendingFor(session.id).filter(([id]) => id !== question.id);
    void Promise.all(
      others.map(async ([id, kept]) => {
        const outcome = await sendSubmission(kept);
        if (outcome.kind !== "network") dropPending(session.id, id);
      }),
    ).then(() => {
      if (pendingFor(session.id).some(([id]) => id === question.id)) {
        setPhase("sending");
        void trySend();
      }
    });
  }, [question.id, session.id, trySend]);

  useEffect(() => {
    if (phase !== "waiting") return;
    const retry = () => void trySend();
    window.addEventListener("online", retry);
    const timer = window.setInterval(retry, RETRY_MS);
    return () => {
      window.removeEventListener("online", retry);
      window.clearInterval(timer);
    };
  }, [phase, trySend]);

  const submit = useCallback(
    (autoSubmit: boolean) => {
      const element = form.current;
      if (!element) return;
      const data = new FormData(element);
      if (!autoSubmit) {
        // SPEC.md section 5: the page's check; the server makes the same one.
        const given = question.type === "chat" ? transcript.some((line) => line.role === "user") : data.getAll("answer").some((value) => String(value).trim() !== "");
        if (!given) {
          toast({ title: session.required.title, description: session.required.message, variant: "destructive" });
          return;
        }
      }
      const fields: [string, string][] = [];
      for (const [name, value] of data) if (typeof value === "string" && name !== "timeSpentSeconds") fields.push([name, value]);
      fields.push(["timeSpentSeconds", String(Math.round((Date.now() - appearedAt.current) / 1000))], ["js", "1"]);
      if (autoSubmit) fields.push(["autoSubmit", "1"]);
      submission.current = { url: pageUrl, fields };
      keepPending(session.id, question.id, submission.current);
      setPhase("sending");
      void trySend();
    },
    [pageUrl, question.id, question.type, session.id, session.required, toast, transcript, trySend],
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase === "answering") submit(false);
  }

  // The question's own timer: 'Question Time Expired', then the answer goes in as it stands.
  useEffect(() => {
    if (!expired || timeUp || phase !== "answering" || autoSubmitted.current) return;
    const timer = window.setTimeout(() => {
      autoSubmitted.current = true;
      submit(true);
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [expired, phase, submit, timeUp]);

  // The test's time: 'Time's Up!', then the results.
  useEffect(() => {
    if (!timeUp || phase === "completed") return;
    const body = new URLSearchParams({ intent: "complete", sessionId: session.id, js: "1" });
    const timer = window.setTimeout(() => {
      void fetch(`${pageUrl}&_data=${encodeURIComponent("routes/test.$id")}`, { method: "POST", body })
        .catch(() => undefined)
        .finally(() => window.location.assign(`/results/${encodeURIComponent(session.id)}`));
    }, 1500);
    return () => window.clearTimeout(timer);
  }, [pageUrl, phase, session.id, timeUp]);

  const busy = phase !== "answering" || timeUp;
  const announcement = timerAnnouncement(overall, questionLeft);
  const refusal = actionResult && !actionResult.ok && actionResult.intent === "submit" ? actionResult.toast : null;

  return (
    <section aria-labelledby="question-heading" className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        {overall !== null ? (
          // SPEC.md section 9: red under 60 seconds.
          <Clock label="Time left:" seconds={overall} urgent={overall < 60 ? "bg-red-50 text-red-800" : null} testId="overall-timer" />
        ) : null}
        {questionLeft !== null ? (
          // Highlighted at 10 seconds or less.
          <Clock label="This question:" seconds={questionLeft} urgent={questionLeft <= 10 ? "bg-amber-100 text-amber-900 ring-2 ring-amber-500" : null} testId="question-timer" />
        ) : null}
        <p className="sr-only" aria-live="assertive" data-testid="timer-announcement">
          {announcement}
        </p>
      </div>
      {timeUp ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 font-semibold text-red-800">
          Time's Up! Your answers are saved; your results are next.
        </p>
      ) : null}
      {expired && !timeUp ? (
        <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 font-semibold text-amber-900">
          Question Time Expired
        </p>
      ) : null}

      <div className="card p-4 md:p-6">
        <h1 id="question-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          Question {question.number}
          {question.type === "scenario" && question.scenarioTitle ? `: ${question.scenarioTitle}` : ""}
        </h1>
        <div className="prose mt-3 max-w-none text-slate-900" data-testid="question-text" dangerouslySetInnerHTML={{ __html: question.text }} />

        {question.type === "chat" ? (
          <ChatBox sessionId={session.id} questionId={question.id} pageUrl={pageUrl} initialPrompt={question.initialPrompt} transcript={transcript} onTranscript={setTranscript} disabled={busy} />
        ) : null}

        <form ref={form} method="post" action={pageUrl} onSubmit={onSubmit} className="mt-4 space-y-4" aria-describedby={refusal ? "answer-error" : undefined}>
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="sessionId" value={session.id} />
          <input type="hidden" name="questionId" value={question.id} />
          <input type="hidden" name="questionType" value={question.type} />
          <input type="hidden" name="shownAt" value={session.shownAt} />
          <AnswerFields type={question.type} options={question.options} disabled={busy} />
          {refusal ? (
            <p id="answer-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {refusal.description ?? refusal.title}
            </p>
          ) : null}
          <button type="submit" className="btn-primary min-h-11" disabled={hydrated && busy}>
            {phase === "sending" || phase === "waiting" ? "Grading..." : "Submit Answer"}
          </button>
        </form>
        <p aria-live="polite" className="mt-3 text-sm text-slate-800" data-testid="save-status">
          {status}
        </p>
      </div>

      {phase === "feedback" && feedback ? <FeedbackPanel feedback={feedback} /> : null}
      {phase === "completed" ? (
        <p role="status" className="card p-4 font-semibold text-emerald-800">
          Test complete! Taking you to your results…
        </p>
      ) : null}

      <p className="text-sm text-slate-700" data-testid="resume-code">
        {session.resumeCode ? (
          <>
            Resume code: <strong className="font-mono tracking-wider text-slate-900">{session.resumeCode}</strong> — use it with your join code to continue on another device.
          </>
        ) : null}{" "}
        {session.answeredCount} answered so far.
      </p>
    </section>
  );
}

function AnswerFields({ type, options, disabled }: { type: QuestionType; options: string[]; disabled: boolean }) {
  if (type === "multiple_choice" || type === "multiple_select") {
    const multiple = type === "multiple_select";
    return (
      <fieldset className="space-y-2" disabled={disabled}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{multiple ? "Choose every answer that applies" : "Choose one answer"}</legend>
        {options.map((option, index) => (
          <label key={index} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:bg-blue-50">
            <input type={multiple ? "checkbox" : "radio"} name="answer" value={option} className="size-5" />
            <span className="text-slate-900">{option}</span>
          </label>
        ))}
      </fieldset>
    );
  }
  if (type === "chat") return null;
  return (
    <div>
      <label htmlFor="answer-text" className="label">
        {type === "scenario" ? "Your response" : "Your answer"}
      </label>
      <textarea id="answer-text" name="answer" rows={type === "scenario" ? 8 : 5} maxLength={20000} disabled={disabled} className="input mt-1 w-full" aria-describedby="answer-hint" />
      <p id="answer-hint" className="mt-1 text-xs text-slate-700">
        Up to 5,000 characters are graded.
      </p>
    </div>
  );
}

/**
 * Asks the session about one answer a few times while its feedback shows (SPEC.md: 3 s); if the
 * model's grade has landed, the feedback shows it, else the panel keeps saying it will be in the results.
 */
async function awaitModelGrade(sessionId: string, questionId: string, onGrade: (grade: Pick<Feedback, "score" | "wasCorrect" | "feedback" | "grading">) => void) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await new Promise((resolve) => window.setTimeout(resolve, 800));
    const response = await fetch(`/api/sessions/${encodeURIComponent(sessionId)}`).catch(() => null);
    const answer = response?.ok ? ((await response.json()) as { answers?: Record<string, { grading: string; gradingScore: number | null; wasCorrect: boolean; feedback: string | null }> }).answers?.[questionId] : undefined;
    if (answer?.grading === "final") return onGrade({ score: answer.gradingScore, wasCorrect: answer.wasCorrect, feedback: answer.feedback, grading: "final" });
  }
}
