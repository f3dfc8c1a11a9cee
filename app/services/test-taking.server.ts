import type { AppLoadContext } from "@remix-run/cloudflare";

import type { TestMode } from "~/domain/adaptive/engine";
import { OFFLINE_MODEL } from "~/domain/ai/ai-call";
import { gradingQuestionSchema, studentAnswerSchema } from "~/domain/ai/grading-request";
import { NO_USAGE } from "~/domain/ai/usage-cost";
import type { CurrentUser } from "~/domain/auth/current-user";
import type { ProctorRequest } from "~/domain/sessions/proctor";
import { generateResumeCode } from "~/domain/sessions/resume-code";
import type { AnswerOutcome, OfflineGradeLog, SessionProgress, SessionSnapshot, SessionView, SubmitAnswerInput } from "~/domain/sessions/session-contract";
import { RESUME_REQUIRED, type StartSessionInput } from "~/domain/sessions/start-request";
import type { JoinedStudent } from "~/domain/sessions/student-pass";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { conflict, DomainError, found, notFound } from "~/lib/errors";
import { accommodationsAtStart } from "~/models/accommodations.server";
import { addClassMember, findClassForStart, removeClassMember } from "~/models/classes.server";
import { type GradingLogInput, insertGradingLog } from "~/models/grading-logs.server";
import { buildBlueprint } from "~/models/session-blueprint.server";
import { deleteSessionRecord, findSessionInProgress, insertSessionRecord } from "~/models/sessions.server";
import { findRosteredStudentId } from "~/models/students.server";

import { aiTasksFor, queueAnswerGrading } from "./ai/tasks.server";
import { admitStudent, requireSelf } from "./class-admission.server";
import { resumeCodeMatches } from "./guess-throttle.server";
import { refusalError, testSessionStub } from "./session-object.server";
import { passForSession, sessionInPass } from "./student-pass.server";

/**
 * Starting, reading, answering and completing a test session. The session's Durable
 * Object is the authority; D1 gets the record at the start and the rest behind the object.
 */
type StartedSession = { sessionId: string; resumeCode: string | null; outcome: "started" | "resumed"; setCookie: string; view: SessionView };

/**
 * Starts (or resumes) a session. The caller's identity is checked here (ADR 0029): a signed-in
 * student linked to a record starts only as that student, and a rostered class admits only its
 * roster, with the PIN, unless `admitted` says the join step already did (the student pass).
 */
export async function startTestSession(
  request: Request,
  context: AppLoadContext,
  input: StartSessionInput,
  user: CurrentUser | null,
  options: { admitted?: boolean } = {},
): Promise<StartedSession> {
  const { db } = context;
  const schoolClass = input.cohortId ? found(await findClassForStart(db, input.cohortId), NOT_FOUND.cohort) : null;
  // Refusals a student can meet at Start Test: catalog codes the edge writes in their language (ADR 0045).
  if (schoolClass && !schoolClass.isActive) throw conflict("start.classInactive");
  // A student without an account starts only the test their class offers.
  if (!user && (!schoolClass || schoolClass.testConfigId !== input.testConfigId)) {
    throw new DomainError(schoolClass ? "forbidden" : "unauthenticated", schoolClass ? "start.classDoesNotOffer" : "session.joinFirst");
  }
  const linked = await requireSelf(context, user, input.userId);
  if (schoolClass && !options.admitted) {
    await admitStudent(request, context, schoolClass, { studentId: input.userId, pin: input.pin }, linked !== null);
  }

  const resumed = await resumeSessionInProgress(request, context, input);
  if (resumed) return resumed;

  const sessionId = crypto.randomUUID();
  const seed = crypto.getRandomValues(new Uint32Array(1))[0]!;
  const built = found(
    await buildBlueprint(db, { testId: input.testConfigId, sessionId, mode: input.testMode, studentId: input.userId, cohortId: input.cohortId, seed }),
    NOT_FOUND.test,
  );
  const resumeCode = generateResumeCode();
  // Decided once, here: the object's submit never reads the configuration, its question page never reads D1.
  // A class that keeps its students' answers from the AI provider is graded offline only (ADR 0030).
  // A typed ID on the class's roster makes the session that student's (ADR 0027), with their accommodations (ADR 0032).
  const [studentRecordId, accommodations] = input.cohortId
    ? await Promise.all([findRosteredStudentId(db, input.cohortId, input.userId), accommodationsAtStart(db, input.cohortId, input.userId)])
    : [null, null];
  const blueprint = {
    ...built,
    resumeCode,
    modelWillGrade: context.config.ai.provider !== "offline" && (schoolClass?.aiGrading ?? true),
    // The teacher's notes (IEP text) stay on the record: the object, and so every student route, never holds them (ADR 0032).
    accommodations: accommodations && { ...accommodations, notes: "" },
  };
  if (blueprint.questions.length === 0) throw conflict("start.noQuestions");
  const inserted = await insertSessionRecord(db, {
    id: sessionId,
    testConfigId: blueprint.testId,
    testTitle: blueprint.testTitle,
    testSubject: blueprint.testSubject,
    userId: input.userId,
    testMode: input.testMode,
    cohortId: input.cohortId,
    timeRemaining: blueprint.durationSeconds,
    resumeCode,
    studentRecordId,
    accommodations,
  });
  if (!inserted) throw conflict(RESUME_REQUIRED);
  try {
    const begun = await testSessionStub(context.cloudflare.env, sessionId).begin(blueprint);
    if (!begun.ok) throw new Error(`The session object refused the blueprint: ${begun.message}`);
    return { sessionId, resumeCode, outcome: "started", setCookie: await passForSession(context.config, sessionId), view: begun.view };
  } catch (error) {
    // No record of a session that never began: it would block the student's next start.
    await deleteSessionRecord(db, sessionId);
    throw error;
  }
}

/**
 * The student's session of this test still in progress, handed to this browser: it holds the
 * session already, or the resume code matches (RESUME_REQUIRED otherwise). Null when there is
 * none: a start may begin a new one. Resuming never restarts a clock.
 */
export async function resumeSessionInProgress(
  request: Request,
  context: AppLoadContext,
  input: Pick<StartSessionInput, "testConfigId" | "cohortId" | "userId" | "resumeCode">,
): Promise<StartedSession | null> {
  const existing = await findSessionInProgress(context.db, { cohortId: input.cohortId, studentId: input.userId, testId: input.testConfigId });
  if (!existing) return null;
  const holds = (await sessionInPass(request, context.config)) === existing.id;
  if (!holds && !(await resumeCodeMatches(request, context, { typed: input.resumeCode, stored: existing.resumeCode, cohortId: input.cohortId }))) {
    throw conflict(RESUME_REQUIRED);
  }
  const view = await readSessionView(context, existing.id);
  if (!view.snapshot.completed) {
    return { sessionId: existing.id, resumeCode: existing.resumeCode, outcome: "resumed", setCookie: await passForSession(context.config, existing.id), view };
  }
  // Over in its object, not yet in D1 (the write behind lags a few seconds): the object writes it
  // now, whole (ADR 0010, one writer), so a retake starts at once.
  const flushed = await testSessionStub(context.cloudflare.env, existing.id).flush();
  if (!flushed.ok || !flushed.written) throw new Error(`Writing a completed session to D1 failed: ${existing.id}`);
  return null;
}

/**
 * Start Test for the student the join step left in this browser's pass (ADR 0014): the class's
 * mode when it fixes one, else the one they chose. All or nothing: their class membership is
 * recorded with the session, and taken back if the session does not start.
 */
export async function startJoinedSession(
  request: Request,
  context: AppLoadContext,
  student: JoinedStudent,
  testId: string,
  chosenMode: TestMode,
): Promise<StartedSession> {
  const schoolClass = found(await findClassForStart(context.db, student.cohortId), NOT_FOUND.cohort);
  // The pass was issued at join; a class made rostered since then admits only its roster.
  await admitStudent(request, context, schoolClass, { studentId: student.studentId }, true);
  const member = found(await addClassMember(context.db, student), NOT_FOUND.cohort);
  try {
    return await startTestSession(
      request,
      context,
      { testConfigId: testId, testMode: schoolClass.testMode ?? chosenMode, userId: student.studentId, cohortId: schoolClass.id, resumeCode: undefined },
      null,
      { admitted: true },
    );
  } catch (error) {
    if (member.created) await removeClassMember(context.db, student.cohortId, student.studentId);
    throw error;
  }
}

/** `byStudent`: the test page of the one taking it asks (their last request, in the class's live view: ADR 0046). */
export async function readSessionView(context: AppLoadContext, sessionId: string, byStudent = false): Promise<SessionView> {
  const result = await testSessionStub(context.cloudflare.env, sessionId).view(byStudent);
  if (!result.ok) throw notFound(NOT_FOUND.session);
  return result.view;
}

/** The student's heartbeat to the session's object (ADR 0046): the session's state now. */
export async function heartbeatSession(context: AppLoadContext, sessionId: string): Promise<SessionSnapshot> {
  const result = await testSessionStub(context.cloudflare.env, sessionId).heartbeat();
  if (!result.ok) throw notFound(NOT_FOUND.session);
  return result.snapshot;
}

type SubmittedAnswer = { answer: AnswerOutcome; outcome: "recorded" | "repeat"; view: SessionProgress };

/**
 * Stores one answer in the session's object and, for an open answer, queues the model's grade
 * behind the response: the student never waits on a model. An open answer
 * graded offline for good gets its grading log behind the response too, once (a repeat has none).
 */
export async function submitSessionAnswer(
  context: AppLoadContext,
  sessionId: string,
  input: SubmitAnswerInput,
  queuedBy: string | null,
): Promise<SubmittedAnswer> {
  const result = await testSessionStub(context.cloudflare.env, sessionId).submit(input);
  if (!result.ok) {
    if (result.reason === "not_current") throw conflict(result.message);
    if (result.reason === "not_begun") throw notFound(NOT_FOUND.session);
    throw refusalError(result);
  }
  if (result.offlineGradeLog) {
    const log = result.offlineGradeLog;
    context.cloudflare.ctx.waitUntil(
      recordOfflineGradingLog(context.db, sessionId, input, log).catch((error: unknown) => {
        // The grade stands in the session; only the review page misses this answer's log.
        console.error("Writing the offline grading log failed", sessionId, input.questionId, error);
      }),
    );
  }
  if (result.modelGrade) {
    const { question, answer, aiModel } = result.modelGrade;
    // Parsed inside the promise, as the offline log is: the student's answer is already stored,
    // so nothing about queueing its grade may fail the response.
    const queue = async () =>
      queueAnswerGrading(aiTasksFor(context, queuedBy), {
        sessionId,
        questionId: input.questionId,
        question: gradingQuestionSchema.parse(question),
        answer: studentAnswerSchema.parse(answer),
        aiModel,
      });
    context.cloudflare.ctx.waitUntil(
      queue().catch((error: unknown) => {
        // The provisional grade stands; the answer itself is stored.
        console.error("Queueing the model's grade failed", sessionId, input.questionId, error);
      }),
    );
  }
  return { answer: result.answer, outcome: result.outcome, view: result.view };
}

/**
 * The grading log of an answer the offline grader graded for good (no model configured), so the
 * AI Grading Review shows it and a teacher can override it as any other. Parsed here, inside the
 * caller's promise: nothing about the log can fail the student's stored answer.
 */
async function recordOfflineGradingLog(db: AppLoadContext["db"], sessionId: string, input: Pick<SubmitAnswerInput, "questionId">, log: OfflineGradeLog) {
  return insertGradingLog(db, offlineGradingLog(sessionId, input, log));
}

/** The grading log row of an answer the offline grader graded for good (for a batch of them: demo data). */
export function offlineGradingLog(sessionId: string, input: Pick<SubmitAnswerInput, "questionId">, log: OfflineGradeLog): GradingLogInput {
  return {
    sessionId,
    questionId: input.questionId,
    question: gradingQuestionSchema.parse(log.question),
    // The answer as the session recorded it (a chat's own transcript), not as the caller sent it.
    answer: studentAnswerSchema.parse(log.answer),
    call: { model: OFFLINE_MODEL, promptSent: null, rawResponse: null, usage: NO_USAGE },
    outcome: { ok: true, result: log.result },
    review: log.review,
  };
}

export async function completeTestSession(context: AppLoadContext, sessionId: string): Promise<SessionView> {
  const result = await testSessionStub(context.cloudflare.env, sessionId).complete();
  if (!result.ok) throw notFound(NOT_FOUND.session);
  return result.view;
}

/** Starts or ends a student's break (ADR 0032); a refusal (no breaks, none left, session over) is a 409. */
export async function takeBreak(context: AppLoadContext, sessionId: string, step: "pause" | "resume"): Promise<SessionProgress> {
  const stub = testSessionStub(context.cloudflare.env, sessionId);
  const result = step === "pause" ? await stub.pause() : await stub.resume();
  if (result.ok) return result.view;
  if (result.reason === "not_begun") throw notFound(NOT_FOUND.session);
  throw conflict(result.message);
}

/** A teacher's action on the session (ADR 0046): 404 for a session never begun, 409 when its state does not allow it. */
export async function proctorTestSession(context: AppLoadContext, sessionId: string, request: ProctorRequest): Promise<SessionProgress> {
  const result = await testSessionStub(context.cloudflare.env, sessionId).proctor(request);
  if (result.ok) return result.view;
  if (result.reason === "not_begun") throw notFound(NOT_FOUND.session);
  if (result.reason === "invalid_input") throw refusalError(result);
  throw conflict(result.message);
}
