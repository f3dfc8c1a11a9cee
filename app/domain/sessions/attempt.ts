import { type Accommodations, NO_ACCOMMODATIONS } from "~/domain/accommodations/accommodations";
import { choicesReduced, NON_STANDARD_REASONS, nonStandardReasons, reducedOptions } from "~/domain/accommodations/non-standard";
import { accommodatedQuestionSeconds, accommodatedSessionSeconds } from "~/domain/accommodations/timing";
import { isRapidGuess, rapidGuessThresholdSeconds, responseTimeEffort } from "~/domain/adaptive/effort";
import { type EngineBank, type EngineState, nextEngineStep, startEngine, testLength, updateEngine } from "~/domain/adaptive/engine";
import { competencyMastery, moduleRecommendations, totalScorePercent, unaskedPoints } from "~/domain/adaptive/results";
import { scaleScoreOf } from "~/domain/adaptive/scale";
import { questionTypeOf } from "~/domain/questions/types";
import type { OfflineGrading } from "~/domain/questions/types/handlers";

import { type QuestionView, questionView, type SessionBlueprint, type SessionQuestion } from "./blueprint";
import { answerFitsQuestion, type AnswerGrade, fromGrade, gradingOf, isOpenQuestion, scoreAnswer } from "./scoring";
import type { AnswerTiming, AttemptResults, ChatMessage, Scored, SubmitAnswerInput } from "./session-contract";
import {
  breakShiftMs,
  completeSession,
  endedBeforeStoppingRule,
  endSessionByTeacher,
  extendSession,
  holdSession,
  isCompleted,
  isPastDeadline,
  isPaused,
  pauseSession,
  PROCTOR_REFUSALS,
  releaseSession,
  resumeSession,
  type SessionState,
  startSession,
  wasEndedEarly,
  withAnsweredQuestion,
} from "./session-state";

/**
 * A live attempt as pure functions of its stored state: serving the engine's next
 * question with its own timer, scoring each answer once, the engine's update, completion, and the
 * results. The session's Durable Object loads the state, applies one of these, and stores it.
 */
export type AttemptAnswer = SubmitAnswerInput &
  Scored & {
    answeredAt: number;
    late: boolean;
    /** Answered faster than the question's rapid-guess threshold (ADR 0033), by `measuredSeconds`. Absent from older states. */
    rapidGuess?: boolean;
    /**
     * The server's measure of the answer's time: from serving the question to receiving the answer,
     * breaks left out (ADR 0032). `timeSpentSeconds` is the browser's own count, kept for display
     * only. Absent from states stored before the server measured.
     */
    measuredSeconds?: number;
  };

export type AttemptState = {
  session: SessionState;
  engine: EngineState;
  /**
   * The question being answered, when it was first served, when its own timer runs out, and how
   * long the breaks taken while it was asked lasted (absent: none), so its answer's time leaves them out.
   */
  current: { questionId: string; servedAt: number; deadlineAt: number | null; breakMs?: number } | null;
  answers: Record<string, AttemptAnswer>;
};

/** An answer up to this long after its question's timer ran out still counts: the auto-submit and the network take time. */
export const LATE_GRACE_MS = 3_000;

const questionById = (blueprint: SessionBlueprint, id: string) => blueprint.questions.find((question) => question.id === id);

/** The accommodations the session runs with (ADR 0032): none for a blueprint without them. */
const accommodationsOf = (blueprint: SessionBlueprint): Accommodations => blueprint.accommodations ?? NO_ACCOMMODATIONS;

/** A question's options as this student is shown them: fewer under the reduced-choices accommodation. */
function shownOptions(question: SessionQuestion, blueprint: SessionBlueprint): SessionQuestion["options"] {
  return choicesReduced(accommodationsOf(blueprint), question) ? reducedOptions(question.options, blueprint.seed, question.id) : question.options;
}

function engineBank(blueprint: SessionBlueprint): EngineBank {
  return {
    items: blueprint.questions.map((question) => ({
      id: question.id,
      params: question.params,
      competencyId: question.competencyId,
      sectionId: question.sectionId,
      exposure: question.exposure,
    })),
    sectionOrder: blueprint.sectionOrder,
    prerequisites: blueprint.prerequisites,
  };
}

/** Serves the engine's next question unless one is being answered; completes the attempt when the engine stops. */
function serve(state: AttemptState, blueprint: SessionBlueprint, now: number): AttemptState {
  if (isCompleted(state.session) || state.current) return state;
  const step = nextEngineStep(state.engine, engineBank(blueprint));
  if ("stop" in step) return { ...state, session: completeSession(state.session, now, "stopping_rule") };
  const question = questionById(blueprint, step.question.id)!;
  const limitSeconds = accommodatedQuestionSeconds(question.timeLimitSeconds, accommodationsOf(blueprint).extendedTime);
  const deadlineAt = limitSeconds ? now + limitSeconds * 1000 : null;
  return { ...state, current: { questionId: question.id, servedAt: now, deadlineAt } };
}

export function startAttempt(blueprint: SessionBlueprint, now: number): AttemptState {
  const state: AttemptState = {
    session: startSession(
      {
        sessionId: blueprint.sessionId,
        durationSeconds: accommodatedSessionSeconds(blueprint.durationSeconds, accommodationsOf(blueprint).extendedTime),
        breakSeconds: accommodationsOf(blueprint).breaks ? accommodationsOf(blueprint).breakMinutes * 60 : 0,
      },
      now,
    ),
    engine: startEngine(blueprint.seed, { mode: blueprint.mode }),
    current: null,
    answers: {},
  };
  return serve(state, blueprint, now);
}

/**
 * The question being answered, as the student may see it; null once the attempt is over, and null
 * during a break: no reader gets the question while it is hidden (ADR 0032), only the break's state.
 */
export function currentQuestion(state: AttemptState, blueprint: SessionBlueprint, now: number): QuestionView | null {
  if (!state.current || isCompleted(state.session) || isPaused(state.session)) return null;
  const question = questionById(blueprint, state.current.questionId)!;
  // A break stops the question's timer as it stops the session's.
  const deadlineAt = state.current.deadlineAt === null ? null : state.current.deadlineAt + breakShiftMs(state.session, now);
  return questionView(question, state.session.answeredQuestionIds.length + 1, deadlineAt, now, shownOptions(question, blueprint));
}

/** Starts a break (ADR 0032): refused without breaks, without break time left, or once the session is over. */
export function pauseAttempt(state: AttemptState, now: number) {
  const paused = pauseSession(state.session, now);
  return paused.ok ? { ok: true as const, state: { ...state, session: paused.state } } : paused;
}

/** Ends the break: the session's deadline and the question's own move on by its length. */
export function resumeAttempt(state: AttemptState, now: number): AttemptState {
  const { state: session, shiftMs } = resumeSession(state.session, now);
  if (session === state.session) return state;
  return { ...state, session, current: shiftedQuestion(state.current, shiftMs) };
}

/** The question's own timer after a pause of `shiftMs`: it stood still too, and the pause is no time spent on it. */
function shiftedQuestion(current: AttemptState["current"], shiftMs: number): AttemptState["current"] {
  if (!current || shiftMs === 0) return current;
  return { ...current, deadlineAt: current.deadlineAt === null ? null : current.deadlineAt + shiftMs, breakMs: (current.breakMs ?? 0) + shiftMs };
}

/** What a teacher does to a session from the live view (ADR 0046). */
export type ProctorAction = { action: "pause" } | { action: "resume" } | { action: "extend"; minutes: number } | { action: "end" };

/**
 * A teacher's action on the attempt: pause (a break of the student's in progress becomes it),
 * resume, add minutes, or end now. A refusal is a catalog code (`PROCTOR_REFUSALS`) for a 409.
 */
export function proctorAttempt(
  state: AttemptState,
  blueprint: SessionBlueprint,
  input: ProctorAction,
  now: number,
): { ok: true; state: AttemptState } | { ok: false; message: string } {
  const outcome = proctorSession(state.session, blueprint, input, now);
  if (!outcome.ok) return { ok: false, message: PROCTOR_REFUSALS[outcome.reason] };
  const session = outcome.state;
  const current = isCompleted(session) ? null : shiftedQuestion(state.current, outcome.shiftMs ?? 0);
  return { ok: true, state: { ...state, session, current } };
}

function proctorSession(session: SessionState, blueprint: SessionBlueprint, input: ProctorAction, now: number) {
  switch (input.action) {
    case "pause":
      return holdSession(session, now);
    case "resume":
      return releaseSession(session, now);
    case "extend":
      return extendSession(session, input.minutes, now, accommodationsOf(blueprint).extendedTime === "unlimited");
    case "end":
      return endSessionByTeacher(session, now);
    default: {
      const unhandled: never = input;
      throw new Error(`Unknown proctor action ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * The seconds a question was before the student: from its first serving (a reload serves it again
 * but keeps that time) to `now`, its breaks left out. The answer's time as the server measures it.
 */
function secondsOnQuestion(current: NonNullable<AttemptState["current"]>, now: number): number {
  return Math.max(0, now - current.servedAt - (current.breakMs ?? 0)) / 1000;
}

export type SubmitOutcome =
  | { kind: "recorded"; state: AttemptState; answer: AttemptAnswer; question: SessionQuestion; offline: OfflineGrading | null }
  | { kind: "repeat"; state: AttemptState; answer: AttemptAnswer; question: SessionQuestion }
  | { kind: "completed"; state: AttemptState }
  | { kind: "not_current"; state: AttemptState }
  | { kind: "paused"; state: AttemptState }
  | { kind: "wrong_form"; state: AttemptState };

/**
 * Records one answer. A retry of a stored answer is a "repeat" with the first result (never a
 * second record); an answer to a question that is not the one being asked is refused; past the
 * deadline the attempt completes instead. A chat answer is the conversation the session holds
 * (`chatTranscript`, its /api/chat exchanges), never the transcript the caller sent: a caller could
 * write the tutor's turns (ADR 0013). The answer's time is the server's (`secondsOnQuestion`), not
 * the caller's `timeSpentSeconds`; only a simulated student (demo data, answering in no real time)
 * has its own figure taken as the measure.
 */
export function submit(
  state: AttemptState,
  blueprint: SessionBlueprint,
  input: SubmitAnswerInput,
  now: number,
  modelWillGrade: boolean,
  chatTranscript: readonly ChatMessage[] = [],
  timing: AnswerTiming = "measured",
): SubmitOutcome {
  const stored = state.answers[input.questionId];
  if (stored) return { kind: "repeat", state, answer: stored, question: questionById(blueprint, input.questionId)! };
  if (isCompleted(state.session) || isPastDeadline(state.session, now)) return { kind: "completed", state: finish(state, now, "time_up") };
  // A break hides the question; an answer from another tab waits for the resume.
  if (isPaused(state.session)) return { kind: "paused", state };
  const question = state.current?.questionId === input.questionId ? questionById(blueprint, input.questionId) : undefined;
  if (!question || !state.current) return { kind: "not_current", state };
  if (!answerFitsQuestion(question, input.answer)) return { kind: "wrong_form", state };

  const late = state.current.deadlineAt !== null && now > state.current.deadlineAt + LATE_GRACE_MS;
  const given = questionTypeOf(question.type).answer.form === "conversation" ? { messages: [...chatTranscript] } : input.answer;
  const { scored, offline } = scoreAnswer(question, given, { late, modelWillGrade });
  // Timed by the server, so a browser cannot talk a guess into an effortful answer (ADR 0033).
  const measuredSeconds = timing === "simulated" ? input.timeSpentSeconds : secondsOnQuestion(state.current, now);
  const rapidGuess = isRapidGuess(measuredSeconds, question.rapidGuessSeconds ?? rapidGuessThresholdSeconds(null, question.type));
  const answer: AttemptAnswer = { ...input, answer: given, ...scored, answeredAt: now, late, rapidGuess, measuredSeconds };
  const answered: AttemptState = {
    session: withAnsweredQuestion(state.session, question.id),
    engine: updateEngine(state.engine, { questionId: question.id, score: scored.score, params: question.params, competencyId: question.competencyId }),
    current: null,
    answers: { ...state.answers, [question.id]: answer },
  };
  return { kind: "recorded", state: serve(answered, blueprint, now), answer, question, offline };
}

export function finish(state: AttemptState, now: number, reason?: "submitted" | "time_up"): AttemptState {
  const session = completeSession(state.session, now, reason);
  return session === state.session ? state : { ...state, session, current: null };
}

/**
 * The model's grade replaces an answer's provisional one; the ability estimate is replayed from
 * the answers so results follow it (the questions already asked stay as they were). A grade the
 * model was unsure of awaits the teacher ("review"). A teacher's grade is never replaced: the
 * model's may land after the teacher has read the answer.
 */
export function applyModelGrade(
  state: AttemptState,
  blueprint: SessionBlueprint,
  questionId: string,
  grade: AnswerGrade & { confidence?: number },
): AttemptState {
  const answer = state.answers[questionId];
  const question = questionById(blueprint, questionId);
  if (!answer || !question || !isOpenQuestion(question) || answer.late || answer.grading === "teacher") return state;
  const graded = fromGrade(question, grade, gradingOf(grade.confidence, { modelWillGrade: false }));
  return withAnswers(state, blueprint, { ...state.answers, [questionId]: { ...answer, ...graded } });
}

type TeacherGradeOutcome =
  { ok: true; state: AttemptState; previousScore: number | null } | { ok: false; reason: "unknown_question" | "not_gradable"; message: string };

/** Catalog codes (ADR 0045), rendered by the API's error mapping in the request's language. */
export const TEACHER_GRADE_REFUSALS = {
  choice: "refusals.regradeChoice",
  unanswered: "refusals.regradeUnanswered",
  late: "refusals.regradeLate",
} as const;

/**
 * A teacher's grade (0–100) for an open answer: it replaces the grade in force (the model's, the
 * offline grader's or an earlier teacher's), keeps the feedback the student was given, and replays
 * the ability estimate so the total, scale score, mastery and recommendations follow it. An answer
 * that awaited the teacher keeps none of its unsure grader's words: the student was never shown
 * them, and they would argue with the teacher's grade (they quote the grader's score). A late
 * answer is refused: the timer rule applies to every student alike, and its text was never graded;
 * giving it credit would be extending the time, not regrading.
 */
export function applyTeacherGrade(state: AttemptState, blueprint: SessionBlueprint, questionId: string, score: number): TeacherGradeOutcome {
  const question = questionById(blueprint, questionId);
  if (!question) return { ok: false, reason: "unknown_question", message: "Question Not Found" };
  if (!isOpenQuestion(question)) return { ok: false, reason: "not_gradable", message: TEACHER_GRADE_REFUSALS.choice };
  const answer = state.answers[questionId];
  if (!answer) return { ok: false, reason: "not_gradable", message: TEACHER_GRADE_REFUSALS.unanswered };
  if (answer.late) return { ok: false, reason: "not_gradable", message: TEACHER_GRADE_REFUSALS.late };
  const shown = answer.grading === "review" ? { feedback: null, strengths: [], improvements: [] } : answer;
  const graded = fromGrade(question, { score, feedback: "", strengths: shown.strengths, improvements: shown.improvements }, "teacher");
  const answers = { ...state.answers, [questionId]: { ...answer, ...graded, feedback: shown.feedback } };
  return { ok: true, state: withAnswers(state, blueprint, answers), previousScore: answer.gradingScore };
}

/** The answers with a changed grade, and the ability estimate replayed over them in the order they were given. */
function withAnswers(state: AttemptState, blueprint: SessionBlueprint, answers: AttemptState["answers"]): AttemptState {
  let engine = startEngine(state.engine.seed, state.engine.config);
  for (const id of state.session.answeredQuestionIds) {
    const given = answers[id];
    const item = questionById(blueprint, id);
    if (given && item) engine = updateEngine(engine, { questionId: id, score: given.score, params: item.params, competencyId: item.competencyId });
  }
  return { ...state, answers, engine };
}

/**
 * A session ended before the engine's stop is scored against the longest test the engine could
 * have given: the questions it could still have asked count as 0, at the most they could be worth.
 */
/** The most questions this attempt can ask on its test's questions (ADR 0012): "question 3 of up to 20". */
export const mostQuestions = (state: AttemptState, blueprint: SessionBlueprint) => testLength(state.engine.config, engineBank(blueprint)).max;

function unaskedQuestions(state: AttemptState, blueprint: SessionBlueprint): { count: number; points: number } {
  if (!endedBeforeStoppingRule(state.session.completedReason)) return { count: 0, points: 0 };
  const count = Math.max(0, mostQuestions(state, blueprint) - state.session.answeredQuestionIds.length);
  const left = blueprint.questions.filter((question) => !state.answers[question.id]).map((question) => question.difficulty);
  return { count, points: unaskedPoints(count, left) };
}

/** the product's session result fields, plus the scale score and its SE. Competencies and modules are keyed by name. */
export function attemptResults(state: AttemptState, blueprint: SessionBlueprint): AttemptResults {
  const answered = state.session.answeredQuestionIds.flatMap((id) => {
    const answer = state.answers[id];
    const question = questionById(blueprint, id);
    return answer && question ? [{ answer, question }] : [];
  });
  const unasked = unaskedQuestions(state, blueprint);
  const totalScore =
    Math.round(
      totalScorePercent(
        answered.map(({ answer, question }) => ({ difficulty: question.difficulty, score: answer.score })),
        unasked.points,
      ) * 10,
    ) / 10;
  const overall = { theta: state.engine.theta, se: state.engine.se };
  const mastery = competencyMastery(
    answered.map(({ answer, question }) => ({ competencyId: question.competencyId, params: question.params, score: answer.score })),
    blueprint.competencies.map((competency) => competency.id),
    overall,
  );
  const nameOf = new Map(blueprint.competencies.map((competency) => [competency.id, competency.name]));
  const modules = blueprint.modules.map((module) => ({
    id: module.id,
    competencyIds: blueprint.competencies.filter((competency) => competency.moduleId === module.id).map((competency) => competency.id),
  }));
  const moduleName = new Map(blueprint.modules.map((module) => [module.id, module.name]));
  const scale = scaleScoreOf(overall);
  const nonStandard = nonStandardReasons(
    blueprint.accommodations,
    answered.map(({ question }) => question),
  );
  return {
    totalScore,
    /** Accommodations that changed what was measured, in words (ADR 0032): empty for a standard session. */
    nonStandardReasons: nonStandard.map((reason) => NON_STANDARD_REASONS[reason]),
    /** The student ended the session before the engine's stop (ADR 0012). */
    endedEarly: wasEndedEarly(state.session.completedReason),
    /** Questions the test could still have asked, counted as 0 in totalScore (0 unless it ended before the engine's stop). */
    questionsNotAnswered: unasked.count,
    effort: responseTimeEffort(answered.map(({ answer }) => answer.rapidGuess === true)),
    scaleScore: scale.score,
    scaleScoreSE: scale.se,
    competenciesStatus: Object.fromEntries([...mastery].map(([id, estimate]) => [nameOf.get(id) ?? id, estimate.status])),
    moduleRecommendations: Object.fromEntries(
      moduleRecommendations(modules, mastery, blueprint.prerequisites).map((entry) => [moduleName.get(entry.moduleId) ?? entry.moduleId, entry.label]),
    ),
    scores: {
      overall: { score: totalScore },
      ...Object.fromEntries(
        answered
          .filter(({ question }) => isOpenQuestion(question))
          .map(({ answer, question }) => [
            question.id,
            { score: answer.gradingScore, feedback: answer.feedback, strengths: answer.strengths, improvements: answer.improvements },
          ]),
      ),
    },
    answers: Object.fromEntries(
      answered.map(({ answer, question }) => [
        question.id,
        {
          questionText: question.text,
          questionType: question.type,
          difficulty: question.difficulty,
          pointsEarned: answer.pointsEarned,
          maxPoints: answer.maxPoints,
          wasCorrect: answer.wasCorrect,
          timeSpentSeconds: answer.timeSpentSeconds,
          gradingScore: answer.gradingScore,
          feedback: answer.feedback,
          grading: answer.grading,
          late: answer.late,
          rapidGuess: answer.rapidGuess === true,
        },
      ]),
    ),
    gradingPending: answered.filter(({ answer }) => answer.grading === "provisional").length,
    awaitingTeacher: answered.filter(({ answer }) => answer.grading === "review").length,
  };
}
