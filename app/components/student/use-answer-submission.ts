import { useNavigate, useRevalidator } from "@remix-run/react";
import { type FormEvent, type RefObject, useCallback, useEffect, useRef, useState } from "react";

import { useToast } from "~/components/toast/toast-context";
import type { Catalog } from "~/domain/i18n/catalog";
import type { AnswerControl } from "~/domain/questions/question-types";
import type { SubmittedAnswer } from "~/domain/sessions/answer-feedback";
import type { StudentGrade } from "~/domain/sessions/session-contract";
import { resultsPath } from "~/domain/sessions/test-page-paths";

import type { ChatLine } from "./chat-box";
import { dropPending, keepPending, pendingFor, type PendingSubmission } from "./pending-answers";
import { completeSession, fetchAnswerGrade, submitAnswer } from "./test-transport";
import { useCountdown } from "./timers";

type Phase = "answering" | "sending" | "waiting" | "feedback" | "completed";

const COMPLETION_MS = 2000;
const RETRY_MS = 4000;
const GRADE_POLL_MS = 800;
const GRADE_POLLS = 3;

type Options = {
  testId: string;
  sessionId: string;
  question: { id: string; questionTimeRemaining: number | null };
  timeRemainingSeconds: number;
  /** When the server drew the page: after a break the clocks count from the new page's figures. */
  shownAt: number;
  /** The control the question is answered with: a chat's answer is its transcript, any other the form's fields. */
  control: AnswerControl;
  /** A submit with nothing answered: the screen says so beside the answer until there is one. */
  onMissingAnswer: () => void;
  form: RefObject<HTMLFormElement>;
  transcript: ChatLine[];
  /** The test area's messages, as the question screen got them. */
  t: Catalog["test"];
};

/**
 * One question's submission with JavaScript: the answer is kept on the device until the server
 * has it (retried while offline), the question's timer auto-submits it, the test's timer ends the
 * session, and a pending model grade is asked for while the feedback shows. The page without
 * JavaScript posts the same form to the page's action instead.
 */
export function useAnswerSubmission({ testId, sessionId, question, timeRemainingSeconds, shownAt, control, onMissingAnswer, form, transcript, t }: Options) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const appearedAt = useRef(0);
  const sending = useRef(false);
  /** This question's submission, also in memory: storage may be full or blocked. */
  const submission = useRef<PendingSubmission | null>(null);
  const autoSubmitted = useRef(false);
  const [phase, setPhase] = useState<Phase>("answering");
  const [status, setStatus] = useState("");
  const [feedback, setFeedback] = useState<SubmittedAnswer | null>(null);

  const overall = useCountdown(timeRemainingSeconds, shownAt);
  const questionLeft = useCountdown(question.questionTimeRemaining, shownAt);
  const expired = questionLeft === 0;
  const timeUp = overall === 0;

  useEffect(() => {
    appearedAt.current = Date.now();
  }, []);

  const afterSaved = useCallback(
    (data: SubmittedAnswer) => {
      setStatus(t.answerSaved);
      if (data.completed) {
        setPhase("completed");
        window.setTimeout(() => navigate(resultsPath(sessionId)), COMPLETION_MS);
        return;
      }
      if (data.showResultDuringTest || data.showFeedbackDuringTest) {
        setFeedback(data);
        setPhase("feedback");
        // The model grades behind the student: while the feedback shows, its grade may land.
        // The feedback stays until the student moves on, or a test's timed display moves on (ADR 0042).
        if (data.grading === "provisional") void awaitModelGrade(sessionId, question.id, (grade) => setFeedback((shown) => shown && { ...shown, ...grade }));
        return;
      }
      revalidate();
    },
    [navigate, question.id, revalidate, sessionId, t],
  );

  /** Sends this question's kept submission; on a network failure it stays kept and is tried again. */
  const trySend = useCallback(async () => {
    if (sending.current) return;
    const kept = submission.current ?? pendingFor(sessionId).find(([id]) => id === question.id)?.[1];
    if (!kept) return;
    submission.current = kept;
    sending.current = true;
    setStatus(t.savingAnswer);
    const outcome = await submitAnswer(kept.testId, kept.fields);
    sending.current = false;
    if (outcome.kind === "network") {
      setPhase("waiting");
      setStatus(t.waitingForNetwork);
      return;
    }
    dropPending(sessionId, question.id);
    submission.current = null;
    if (outcome.kind === "refused") {
      setPhase("answering");
      setStatus("");
      toast({ title: outcome.title, description: outcome.message, variant: "destructive" });
      // The session may have ended (time up) or moved on: the page's data says where to go.
      revalidate();
      return;
    }
    afterSaved(outcome.data);
  }, [afterSaved, question.id, revalidate, sessionId, t, toast]);

  // Answers kept from earlier (a reload or a lost connection) go first; then retries while waiting.
  useEffect(() => {
    const others = pendingFor(sessionId).filter(([id]) => id !== question.id);
    void Promise.all(
      others.map(async ([id, kept]) => {
        const outcome = await submitAnswer(kept.testId, kept.fields);
        if (outcome.kind !== "network") dropPending(sessionId, id);
      }),
    ).then(() => {
      if (pendingFor(sessionId).some(([id]) => id === question.id)) {
        setPhase("sending");
        void trySend();
      }
    });
  }, [question.id, sessionId, trySend]);

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
        // The server makes the same check.
        const given = control === "chat" ? transcript.some((line) => line.role === "user") : data.getAll("answer").some((value) => String(value).trim() !== "");
        if (!given) {
          onMissingAnswer();
          return;
        }
      }
      const fields: [string, string][] = [];
      for (const [name, value] of data) if (typeof value === "string" && name !== "timeSpentSeconds") fields.push([name, value]);
      fields.push(["timeSpentSeconds", String(Math.round((Date.now() - appearedAt.current) / 1000))]);
      if (autoSubmit) fields.push(["autoSubmit", "1"]);
      submission.current = { testId, fields };
      keepPending(sessionId, question.id, submission.current);
      setPhase("sending");
      void trySend();
    },
    [control, form, onMissingAnswer, question.id, sessionId, testId, transcript, trySend],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (phase === "answering") submit(false);
    },
    [phase, submit],
  );

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
    const timer = window.setTimeout(() => {
      void completeSession(testId, sessionId).finally(() => window.location.assign(resultsPath(sessionId)));
    }, 1500);
    return () => window.clearTimeout(timer);
  }, [phase, sessionId, testId, timeUp]);

  /** 'Next question' after the feedback: the page's data brings the next question. */
  const next = revalidate;

  return { phase, status, feedback, overall, questionLeft, expired, timeUp, onSubmit, next };
}

/**
 * Asks for one answer's grade a few times while its feedback shows; if the model's grade
 * has landed, the feedback shows it, else the panel keeps saying it will be in the results.
 */
async function awaitModelGrade(sessionId: string, questionId: string, onGrade: (grade: StudentGrade) => void) {
  for (let attempt = 0; attempt < GRADE_POLLS; attempt++) {
    await new Promise((resolve) => window.setTimeout(resolve, GRADE_POLL_MS));
    const grade = await fetchAnswerGrade(sessionId, questionId);
    // A model unsure of its grade hands the answer to the teacher: that is settled too.
    if (grade && grade.grading !== "provisional") return onGrade(grade);
  }
}
