import { type AppLoadContext, redirect } from "@remix-run/cloudflare";

import { type StudentTools, studentTools } from "~/domain/accommodations/student-tools";
import type { TestMode } from "~/domain/adaptive/engine";
import type { CurrentUser } from "~/domain/auth/current-user";
import { ANSWER_CONTROLS, type AnswerControl } from "~/domain/questions/question-types";
import { questionTypeOf } from "~/domain/questions/types";
import { answerFeedback, showsFeedbackDuringTest, type TestPageData } from "~/domain/sessions/answer-feedback";
import { studentGradeOutOf100 } from "~/domain/sessions/answer-rules";
import type { QuestionView } from "~/domain/sessions/blueprint";
import { BREAK_CLOCK_MESSAGES } from "~/domain/sessions/break-clock";
import { feedbackMovesOnMs } from "~/domain/sessions/feedback-display";
import { TEST_PAGE_MESSAGES, type TestPageAction, testPageActionSchema } from "~/domain/sessions/screen-actions";
import type { ChatMessage } from "~/domain/sessions/session-contract";
import type { Answer } from "~/domain/sessions/session-contract";
import { MAX_SESSION_SECONDS } from "~/domain/sessions/session-limits";
import { joinedStudentOf, passReach } from "~/domain/sessions/student-pass";
import { modeChoices } from "~/domain/sessions/test-modes";
import { resultsPath, testPagePath } from "~/domain/sessions/test-page-paths";
import type { TitledMessage as Titled } from "~/domain/shell/action-result";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { chatWithTutor, completeSession, submitAnswer, takeBreak } from "~/features/sessions/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { DomainError, invalid } from "~/lib/errors";
import { accommodationsAtStart } from "~/models/accommodations.server";
import { findClassForStart } from "~/models/classes.server";
import { findSessionResumeCode, findTestForTaking, listTestQuestionCompetencies } from "~/models/sessions.server";
import { handleAction } from "~/services/action.server";
import { getCurrentUser } from "~/services/auth.server";
import { notFoundPage } from "~/services/http-errors.server";
import { testSessionStub } from "~/services/session-object.server";
import { classJoinStep, readStudentPass, requireSessionAccess, sessionActorOf } from "~/services/student-pass.server";
import { readSessionView, startJoinedSession, startTestSession } from "~/services/test-taking.server";
import { redirectWithToast } from "~/services/toast.server";

/**
 * The Take a Test screen's server half (section 4's student
 * flow): the test and, with `?session=`, the session's current question; the start, submit,
 * chat and complete intents. Kept in a .server module so none of it (zod included) reaches the
 * student page's JavaScript.
 */
type TestPageSession = {
  id: string;
  resumeCode: string | null;
  mode: TestMode;
  timeRemainingSeconds: number;
  showResultDuringTest: boolean;
  showFeedbackDuringTest: boolean;
  answeredCount: number;
  /** When this page was rendered (epoch ms): the page's clocks count from it, and a page without JavaScript reports its answer's time from it (shown only; the server times answers itself). */
  shownAt: number;
  /** With `?feedback=<question id>` (a submit without JavaScript): that answer's feedback screen, shown before this question. */
  answered: ReturnType<typeof answerFeedback>;
  breakSecondsLeft: number | null;
  tools: StudentTools;
  /** After how long an answer's feedback moves on by itself, or null: it stays until "Next question" (ADR 0042). */
  feedbackMovesOnMs: number | null;
} & (
  | {
      paused: false;
      question: QuestionView;
      transcript: ChatMessage[];
      /** the product's message for this question's missing answer (sent as data: the page's JavaScript stays small). */
      required: Titled;
      /** The control the page answers this question's type with (sent as data for the same reason, ADR 0039). */
      control: AnswerControl;
    }
  | {
      /** On a break (ADR 0032): the page shows the break screen only; the question, its options and its chat come back at Resume. */
      paused: true;
      question: null;
      transcript: [];
      required: null;
      control: null;
    }
);

/** the product's 'Before You Begin' notes. */
const BEFORE_YOU_BEGIN = [
  "The questions adapt to you: they get harder or easier as you answer.",
  "Some answers are evaluated by AI; their final grade may come a little later.",
  "Your progress is saved automatically, and you can resume if you are interrupted.",
  "Answer honestly: it helps us find the right next steps for you.",
];

/** 'Before You Begin''s last line on what to expect, after each mode's. */
const CLOCK_STARTS = "The clock starts when you press Start Test.";

type TestForTaking = NonNullable<Awaited<ReturnType<typeof findTestForTaking>>>;

/**
 * Who may press Start Test here, in which modes (ADR 0014): the student the join step left in
 * this browser's pass, if their class offers this test (in the class's mode, when it fixes one);
 * else a signed-in user, in either mode.
 */
async function startStep(request: Request, context: AppLoadContext, test: TestForTaking, user: CurrentUser | null) {
  const joined = joinedStudentOf(await readStudentPass(request, context.config), Date.now());
  const schoolClass = joined ? await findClassForStart(context.db, joined.cohortId) : undefined;
  if (joined && schoolClass?.isActive && schoolClass.testConfigId === test.id) {
    // 'Before You Begin' states the time the session will give this student (ADR 0032), not the test's.
    const accommodations = await accommodationsAtStart(context.db, schoolClass.id, joined.studentId);
    return {
      canStart: true,
      fixedMode: schoolClass.testMode,
      extendedTime: accommodations?.extendedTime ?? 1,
      student: { displayName: joined.displayName, studentId: joined.studentId, className: schoolClass.name },
    };
  }
  return { canStart: user !== null, fixedMode: null, extendedTime: 1 as const, student: null };
}

export async function loadTestPage(request: Request, context: AppLoadContext, testId: string) {
  const search = new URL(request.url).searchParams;
  const sessionId = search.get("session");
  // A question page is served by the session's object alone: the test's
  // title and the resume code come from its blueprint; only the mode selection reads D1.
  if (!sessionId) return modeSelectionPage(request, context, testId, null);

  let caller;
  try {
    caller = await requireSessionAccess(request, context, sessionId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return modeSelectionPage(
      request,
      context,
      testId,
      "This test session is not open on this device. Start the test below, or use your join code and resume code on the Student Entry page.",
    );
  }
  let view;
  try {
    view = await readSessionView(context, sessionId, true);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found")
      return modeSelectionPage(request, context, testId, "That test session was not found. You can start the test below.");
    throw error;
  }
  if (view.testId !== testId) throw redirect(testPagePath(view.testId, sessionId));
  // During a break the object sends no question (ADR 0032): the page is the break screen.
  if (view.snapshot.completed || (!view.currentQuestion && !view.snapshot.paused)) {
    // A finished session's pass opens its results for a while, never its test page (ADR 0014).
    const readable = caller.kind === "staff" || passReach(view.snapshot, Date.now()) !== "nothing";
    throw redirect(readable ? resultsPath(sessionId) : await classJoinStep(context, view.cohortId));
  }
  const question = view.currentQuestion;
  const [resumeCode, transcript] = await Promise.all([
    // Only a session begun before its blueprint carried the code asks D1.
    view.resumeCode ?? findSessionResumeCode(context.db, sessionId),
    question && questionTypeOf(question.type).answer.form === "conversation" ? chatTranscript(context, sessionId, question.id) : Promise.resolve([]),
  ]);
  const common = {
    id: sessionId,
    resumeCode,
    mode: view.mode,
    timeRemainingSeconds: view.snapshot.timeRemainingSeconds,
    showResultDuringTest: view.showResultDuringTest,
    showFeedbackDuringTest: view.showFeedbackDuringTest,
    answeredCount: view.snapshot.answeredQuestionIds.length,
    shownAt: Date.now(),
    answered: answerFeedback(view, search.get("feedback") ?? ""),
    breakSecondsLeft: view.snapshot.breakSecondsLeft,
    tools: studentTools(view.accommodations),
    feedbackMovesOnMs: feedbackMovesOnMs(view.feedbackDisplay, view.accommodations?.extendedTime),
  };
  const session: TestPageSession = question
    ? { ...common, paused: false, question, transcript, required: questionTypeOf(question.type).required, control: ANSWER_CONTROLS[question.type] }
    : { ...common, paused: true, question: null, transcript: [], required: null, control: null };
  return { test: { id: view.testId, title: view.testTitle }, session };
}

/** The mode selection (with a notice when a `?session=` could not be opened here): the test and each mode's question count, from D1. */
async function modeSelectionPage(request: Request, context: AppLoadContext, testId: string, notice: string | null) {
  const test = await findTestForTaking(context.db, testId);
  if (!test) throw notFoundPage(NOT_FOUND.test, { to: "/", label: "Return Home" });
  const user = await getCurrentUser(request, context);
  const { fixedMode, extendedTime, ...start } = await startStep(request, context, test, user);
  const modes = modeChoices(test, await listTestQuestionCompetencies(context.db, testId), fixedMode, extendedTime);
  const expectations = [...modes.map((mode) => mode.expectation), CLOCK_STARTS];
  return { test, notes: BEFORE_YOU_BEGIN, ...start, modes, expectations, notice, session: null };
}

async function chatTranscript(context: AppLoadContext, sessionId: string, questionId: string): Promise<ChatMessage[]> {
  const result = await testSessionStub(context.cloudflare.env, sessionId).chatTranscript(questionId);
  return result.ok ? result.messages : [];
}

type SubmitInput = Extract<TestPageAction, { intent: "submit" }>;

function answerOf(input: SubmitInput): Answer {
  const given = input.answer;
  if (questionTypeOf(input.questionType).answer.form === "selection")
    return (Array.isArray(given) ? given : given ? [given] : []).filter((value) => value !== "");
  const textAnswer = Array.isArray(given) ? (given[0] ?? "") : (given ?? "");
  return textAnswer;
}

function secondsSpent(input: SubmitInput): number {
  const measured = input.timeSpentSeconds ?? (input.shownAt ? (Date.now() - input.shownAt) / 1000 : 0);
  return Math.min(MAX_SESSION_SECONDS, Math.max(0, Math.round(measured)));
}

/** The page that shows an answer's feedback before the next question: the page without JavaScript's feedback screen. */
const feedbackPath = (testId: string, sessionId: string, questionId: string) => `${testPagePath(testId, sessionId)}&feedback=${encodeURIComponent(questionId)}`;

export function testPageAction(request: Request, context: AppLoadContext, testId: string) {
  return handleAction<typeof testPageActionSchema, TestPageData>(request, testPageActionSchema, TEST_PAGE_MESSAGES, async (input) => {
    switch (input.intent) {
      case "start": {
        const user = await getCurrentUser(request, context);
        const joined = joinedStudentOf(await readStudentPass(request, context.config), Date.now());
        if (!joined && !user) throw new DomainError("unauthenticated", "Join your class on the Student Entry page to take this test.");
        const started = joined
          ? await startJoinedSession(request, context, joined, testId, input.testMode)
          : await startTestSession(request, context, { testConfigId: testId, testMode: input.testMode, userId: user!.email || user!.id, cohortId: null }, user);
        if (!started.sessionId) throw invalid("No session ID returned from server");
        return redirectWithToast(request, context, testPagePath(testId, started.sessionId), { title: "Test Started" }, [started.setCookie]);
      }
      case "submit": {
        const submitted = await submitAnswer(context, await sessionActorOf(request, context), {
          sessionId: input.sessionId,
          answer: { questionId: input.questionId, answer: answerOf(input), timeSpentSeconds: secondsSpent(input) },
          chat: questionTypeOf(input.questionType).answer.form === "conversation" ? { autoSubmit: Boolean(input.autoSubmit) } : undefined,
        });
        const view = submitted.view;
        // The object completes the attempt itself when its engine stops or time runs out
        // (domain/sessions/attempt): no complete call follows the last answer.
        const completed = view.snapshot.completed || view.currentQuestion === null;
        if (!input.js) {
          if (completed) return redirect(resultsPath(input.sessionId));
          return redirect(showsFeedbackDuringTest(view) ? feedbackPath(testId, input.sessionId, input.questionId) : testPagePath(testId, input.sessionId));
        }
        const outcome = submitted.answer;
        return {
          data: {
            ...studentGradeOutOf100(outcome),
            late: outcome.late,
            completed,
            showResultDuringTest: view.showResultDuringTest,
            showFeedbackDuringTest: view.showFeedbackDuringTest,
          },
        };
      }
      case "chat": {
        const { sessionId, questionId, message } = input;
        const reply = await chatWithTutor(context, await sessionActorOf(request, context), { sessionId, questionId, message });
        if (!input.js) return redirect(testPagePath(testId, input.sessionId));
        return { data: { reply } };
      }
      case "pause":
      case "resume": {
        const view = await takeBreak(context, await sessionActorOf(request, context), input.sessionId, input.intent);
        // The question is back with its clock running: said as the page shows it (a polite toast).
        const restarted = input.intent === "resume" && !view.snapshot.paused && !view.snapshot.completed ? { title: BREAK_CLOCK_MESSAGES.over } : null;
        if (restarted && !input.js) return redirectWithToast(request, context, testPagePath(testId, input.sessionId), restarted);
        if (!input.js || view.snapshot.completed)
          return redirect(view.snapshot.completed ? resultsPath(input.sessionId) : testPagePath(testId, input.sessionId));
        return {
          data: { paused: view.snapshot.paused, timeRemainingSeconds: view.snapshot.timeRemainingSeconds, breakSecondsLeft: view.snapshot.breakSecondsLeft },
          ...(restarted ? { toast: restarted } : {}),
        };
      }
      case "complete": {
        await completeSession(context, await sessionActorOf(request, context), input.sessionId);
        if (!input.js) return redirect(resultsPath(input.sessionId));
        return { data: { completed: true as const } };
      }
      default:
        return assertNever(input);
    }
  });
}
