import { type AppLoadContext, redirect } from "@remix-run/cloudflare";

import { type StudentTools, studentTools } from "~/domain/accommodations/student-tools";
import type { TestMode } from "~/domain/adaptive/engine";
import type { CurrentUser } from "~/domain/auth/current-user";
import { type Area, type Catalog, pageMessages, renderText, translate } from "~/domain/i18n/catalog";
import type { MessageValues } from "~/domain/i18n/format";
import type { AnyLocale } from "~/domain/i18n/locale";
import { type ContentLanguage, langAttributeFor } from "~/domain/questions/content-language";
import { ANSWER_CONTROLS, type AnswerControl } from "~/domain/questions/question-types";
import { questionTypeOf } from "~/domain/questions/types";
import { answerFeedback, showsFeedbackDuringTest, type TestPageData } from "~/domain/sessions/answer-feedback";
import { studentGradeOutOf100 } from "~/domain/sessions/answer-rules";
import type { QuestionView } from "~/domain/sessions/blueprint";
import { type ClockWarning, questionClockWarnings, type SpokenWarning, testClockWarnings } from "~/domain/sessions/clock-announcements";
import { feedbackMovesOnMs } from "~/domain/sessions/feedback-display";
import { TEST_PAGE_MESSAGES, type TestPageAction, testPageActionSchema } from "~/domain/sessions/screen-actions";
import type { ChatMessage } from "~/domain/sessions/session-contract";
import type { Answer } from "~/domain/sessions/session-contract";
import { MAX_SESSION_SECONDS } from "~/domain/sessions/session-limits";
import { sessionStamp } from "~/domain/sessions/session-stamp";
import { joinedStudentOf, passReach } from "~/domain/sessions/student-pass";
import { modeChoices } from "~/domain/sessions/test-modes";
import { resultsPath, testPagePath } from "~/domain/sessions/test-page-paths";
import type { TitledMessage as Titled } from "~/domain/shell/action-result";
import { chatWithTutor, completeSession, submitAnswer, takeBreak } from "~/features/sessions/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { DomainError, invalid } from "~/lib/errors";
import { accommodationsAtStart } from "~/models/accommodations.server";
import { findClassForStart } from "~/models/classes.server";
import { findSessionResumeCode, findTestForTaking, listTestQuestionCompetencies } from "~/models/sessions.server";
import { handleAction } from "~/services/action.server";
import { getCurrentUser } from "~/services/auth.server";
import { studentNotFoundPage } from "~/services/http-errors.server";
import { requestLocale } from "~/services/locale.server";
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
  /** The session's state as this page was rendered (domain/sessions/session-stamp.ts): the heartbeat reads the data again when it changes. */
  stamp: string;
  /** What the screens say with a value the server knows, written in the page's language (ADR 0045). */
  texts: QuestionScreenTexts;
} & (
  | {
      paused: false;
      /** `lang`: the question's language where it differs from the page's (ADR 0044), rendered on its text and options as sent. */
      question: QuestionView & { lang?: ContentLanguage };
      transcript: ChatMessage[];
      /** the product's message for this question's missing answer (sent as data: the page's JavaScript stays small). */
      required: Titled;
      /** The control the page answers this question's type with (sent as data for the same reason, ADR 0039). */
      control: AnswerControl;
      breakNote: null;
      heldByTeacher: null;
    }
  | {
      /** On a break (ADR 0032): the page shows the break screen only; the question, its options and its chat come back at Resume. */
      paused: true;
      question: null;
      transcript: [];
      required: null;
      control: null;
      /** What the break screen says of the clocks, in the page's language: now, and once the break's last minute has begun. */
      breakNote: { now: string; lastMinute: string };
      /** Paused by the teacher (ADR 0046): what the screen says instead, with no Resume (only the teacher resumes); null on the student's own break. */
      heldByTeacher: { heading: string; note: string } | null;
    }
);

type QuestionScreenTexts = {
  answeredSoFar: string;
  /** The same line once the question on screen is answered, shown from its save until the next question loads. */
  answeredAfter: string;
  /** The question's heading ("Question 3", a scenario's with its title), or on the page without JavaScript the answered question's ("Question 2: your answer is saved"). */
  heading: string;
  /** What each clock may say, and when (domain/sessions/clock-announcements.ts). */
  testClock: SpokenWarning[];
  questionClock: SpokenWarning[];
  /** The timed feedback's countdown line ("The next question comes in 3 seconds."), or null. */
  feedbackMovesOn: string | null;
  /** The minutes the teacher added, announced politely until the student's next answer (ADR 0046); empty when none. */
  teacherNotice: string;
};

/**
 * The catalog areas the test page's screen reads (ADR 0045), one a line: only what it can show, so
 * a page's data holds no text of a screen it never shows.
 */
function testPageAreas(page: Awaited<ReturnType<typeof readTestPage>>): Area[] {
  const areas: Area[] = [];
  // A session's screens: the question, its clocks and chat; and the feedback if its test shows it between questions.
  if (page.session) areas.push("test");
  // The break screen and the tools bar, which a session's page may show at any time.
  if (page.session) areas.push("breaks", "tools");
  // Before You Begin: its labels (its sentences are written by the server).
  if (!page.session) areas.push("start");
  if (page.session && showsFeedbackDuringTest(page.session)) areas.push("feedback");
  return areas;
}

/** the product's 'Before You Begin' notes (the `start` area's keys, ADR 0045). */
const BEFORE_YOU_BEGIN = ["noteAdaptive", "noteAiGrading", "noteSaved", "noteHonest"] as const;

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

/** The test page's data and, whatever screen it shows, its areas of the catalog in the request's language. */
export async function loadTestPage(request: Request, context: AppLoadContext, testId: string) {
  const locale = requestLocale(request);
  const page = await readTestPage(request, context, testId, locale);
  return { ...page, ...pageMessages(locale, ...testPageAreas(page)) };
}

async function readTestPage(request: Request, context: AppLoadContext, testId: string, locale: AnyLocale) {
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
    return modeSelectionPage(request, context, testId, "sessionNotHere");
  }
  let view;
  try {
    view = await readSessionView(context, sessionId, true);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") return modeSelectionPage(request, context, testId, "sessionMissing");
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
  const answered = answerFeedback(view, search.get("feedback") ?? "");
  const movesOnMs = feedbackMovesOnMs(view.feedbackDisplay, view.accommodations?.extendedTime);
  const common = {
    id: sessionId,
    resumeCode,
    mode: view.mode,
    timeRemainingSeconds: view.snapshot.timeRemainingSeconds,
    showResultDuringTest: view.showResultDuringTest,
    showFeedbackDuringTest: view.showFeedbackDuringTest,
    answeredCount: view.snapshot.answeredQuestionIds.length,
    shownAt: Date.now(),
    stamp: sessionStamp(view.snapshot),
    answered,
    breakSecondsLeft: view.snapshot.breakSecondsLeft,
    tools: studentTools(view.accommodations),
    feedbackMovesOnMs: movesOnMs,
    texts: {
      ...questionScreenTexts(locale, view.snapshot.answeredQuestionIds.length, question, answered),
      feedbackMovesOn: movesOnText(locale, movesOnMs),
      teacherNotice: extraMinutesNotice(locale, view.snapshot.extraMinutesToAnnounce),
    },
  };
  const session: TestPageSession = question
    ? {
        ...common,
        paused: false,
        question: { ...question, lang: langAttributeFor(question.language, locale === "es" ? "es" : "en") },
        transcript,
        required: requiredIn(locale, questionTypeOf(question.type).required),
        control: ANSWER_CONTROLS[question.type],
        breakNote: null,
        heldByTeacher: null,
      }
    : {
        ...common,
        paused: true,
        question: null,
        transcript: [],
        required: null,
        control: null,
        breakNote: breakNote(locale, common),
        heldByTeacher: view.snapshot.pausedByTeacher ? teacherPauseTexts(locale, common.timeRemainingSeconds) : null,
      };
  return { test: { id: view.testId, title: view.testTitle }, session };
}

/** What the page says while the teacher has paused the test (ADR 0046): who paused it, and that only the teacher resumes it. */
function teacherPauseTexts(locale: AnyLocale, timeRemainingSeconds: number) {
  const testTime = translate(locale, "breaks", "minutes", { n: Math.floor(timeRemainingSeconds / 60) });
  return { heading: translate(locale, "breaks", "heldHeading"), note: translate(locale, "breaks", "heldNote", { testTime }) };
}

/** "Your teacher gave you 5 more minutes.", or nothing when the teacher added none since the last answer. */
const extraMinutesNotice = (locale: AnyLocale, minutes: number) => (minutes > 0 ? translate(locale, "test", "extraMinutes", { n: minutes }) : "");

/** The break screen's sentence on the clocks, now and in the break's last minute (whole minutes, as the screen has always said them). */
function breakNote(locale: AnyLocale, clocks: { timeRemainingSeconds: number; breakSecondsLeft: number | null }) {
  const minutes = (seconds: number) => translate(locale, "breaks", "minutes", { n: Math.floor(seconds / 60) });
  const testTime = minutes(clocks.timeRemainingSeconds);
  const withBreak = (seconds: number) => translate(locale, "breaks", "stoppedWithBreak", { testTime, breakTime: minutes(seconds) });
  if (clocks.breakSecondsLeft === null) return { now: translate(locale, "breaks", "stopped", { testTime }), lastMinute: "" };
  return { now: withBreak(clocks.breakSecondsLeft), lastMinute: withBreak(60) };
}

/**
 * The mode selection (with a notice when a `?session=` could not be opened here): the test and each mode's question count, from D1.
 * Every sentence is written here, in the request's language (ADR 0045); the page gets the `start` area for its own labels.
 */
async function modeSelectionPage(request: Request, context: AppLoadContext, testId: string, notice: "sessionNotHere" | "sessionMissing" | null) {
  const test = await findTestForTaking(context.db, testId);
  const locale = requestLocale(request);
  if (!test) throw studentNotFoundPage(locale, "test", { to: "/", label: "returnHome" });
  const say = (key: keyof Catalog["start"], values?: MessageValues) => translate(locale, "start", key, values);
  const user = await getCurrentUser(request, context);
  const { fixedMode, extendedTime, student, ...start } = await startStep(request, context, test, user);
  const modes = modeChoices(test, await listTestQuestionCompetencies(context.db, testId), fixedMode, extendedTime, locale);
  const expectations = [...modes.map((mode) => mode.expectation), say("clockStarts")];
  return {
    test: { ...test, gradeLine: say("subjectGrade", { subject: test.subject, grade: test.gradeLevel }) },
    notes: BEFORE_YOU_BEGIN.map((key) => say(key)),
    ...start,
    student: student && { ...student, detail: say("startingAsDetail", { studentId: student.studentId, className: student.className }) },
    modes,
    expectations,
    notice: notice && say(notice),
    session: null,
  };
}

function questionScreenTexts(
  locale: AnyLocale,
  answeredCount: number,
  question: QuestionView | null,
  answered: { number: number } | null,
): Omit<QuestionScreenTexts, "feedbackMovesOn" | "teacherNotice"> {
  const spoken = (warnings: ClockWarning[]) => warnings.map(({ upTo, key, values }) => ({ upTo, text: translate(locale, "test", key, values) }));
  return {
    answeredSoFar: translate(locale, "test", "answeredSoFar", { count: answeredCount }),
    answeredAfter: translate(locale, "test", "answeredSoFar", { count: answeredCount + 1 }),
    heading: answered
      ? translate(locale, "feedback", "feedbackHeading", { number: answered.number })
      : question && ANSWER_CONTROLS[question.type] === "response" && question.scenarioTitle
        ? translate(locale, "test", "scenarioHeading", { number: question.number, title: question.scenarioTitle })
        : translate(locale, "test", "questionHeading", { number: question?.number ?? 0 }),
    testClock: spoken(testClockWarnings()),
    // The question's time as the page shows it: a question of 2 minutes or more is also warned at 1 minute.
    questionClock: question?.questionTimeRemaining == null ? [] : spoken(questionClockWarnings(question.questionTimeRemaining)),
  };
}

/** What the timed feedback panel says while it counts down (ADR 0042), or null when it waits for "Next question". */
const movesOnText = (locale: AnyLocale, movesOnMs: number | null) =>
  movesOnMs === null ? null : translate(locale, "feedback", "movesOn", { seconds: Math.ceil(movesOnMs / 1000) });

const requiredIn = (locale: AnyLocale, required: Titled): Titled => ({
  title: renderText(locale, required.title),
  message: renderText(locale, required.message),
});

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
        if (!joined && !user) throw new DomainError("unauthenticated", "start.joinToStart");
        const started = joined
          ? await startJoinedSession(request, context, joined, testId, input.testMode)
          : await startTestSession(request, context, { testConfigId: testId, testMode: input.testMode, userId: user!.email || user!.id, cohortId: null }, user);
        if (!started.sessionId) throw invalid("actions.noSessionStarted");
        return redirectWithToast(
          request,
          context,
          testPagePath(testId, started.sessionId),
          { title: translate(requestLocale(request), "start", "testStarted") },
          [started.setCookie],
        );
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
        const restarted =
          input.intent === "resume" && !view.snapshot.paused && !view.snapshot.completed
            ? { title: translate(requestLocale(request), "breaks", "over") }
            : null;
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
