import type { AppLoadContext } from "@remix-run/cloudflare";

import type { ChatRequest } from "~/domain/ai/chat-request";
import type { CurrentUser } from "~/domain/auth/current-user";
import { allowedScope } from "~/domain/auth/policy";
import { DEFAULT_CONTENT_LANGUAGE } from "~/domain/questions/content-language";
import { INTERACTION_REQUIRED } from "~/domain/sessions/answer-rules";
import type { GradeOverrideInput } from "~/domain/sessions/grade-override";
import type { ClassProctorRequest, ProctorRequest } from "~/domain/sessions/proctor";
import type { SessionView, SubmitAnswerInput } from "~/domain/sessions/session-contract";
import { API_SESSION_ALL_MAX, SESSION_PAGE_SIZE, type SessionFilters } from "~/domain/sessions/session-list";
import { sessionStamp } from "~/domain/sessions/session-stamp";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { DomainError, found, invalid } from "~/lib/errors";
import { recordAudit } from "~/models/audit-log.server";
import { findClass, listTestChoices } from "~/models/classes.server";
import * as list from "~/models/session-list.server";
import { findSessionRecordInScope, listSessionsInProgress } from "~/models/sessions.server";
import { findSessionStudent } from "~/models/student-names.server";
import { testLanguage } from "~/models/tests.server";
import { sendChatMessage } from "~/services/ai/chat.server";
import { confirmSessionGrade, overrideSessionGrade, readGradingReview } from "~/services/grade-overrides.server";
import { refusalError, testSessionStub } from "~/services/session-object.server";
import { requireSessionReach, sessionAccess, type SessionActor, type SessionCaller } from "~/services/student-pass.server";
import * as taking from "~/services/test-taking.server";

/**
 * The test session's operations (ADR 0038): one function an operation, called by the student's
 * test page and the teacher's screens and by the /api/sessions routes alike. Taking a test is
 * asked of a `SessionActor` (an account, a student pass, or both): each operation lets in staff
 * whose scope holds the session or the browser whose pass names it (`sessionAccess`, ADR 0014),
 * once, here. A teacher's grading is asked of the account, through the policy's session pair
 * (ADR 0031). A refusal is a DomainError by kind, which `resourceRoute` and `handleAction` map to
 * their answers in one place (`describeFailure`). The session's object stays the one writer of
 * the session (ADR 0010): these only open its door.
 */

/** The session as its object holds it now, for staff, or for its pass holder until its results window closes. */
export async function readSession(context: AppLoadContext, actor: SessionActor, sessionId: string): Promise<SessionView> {
  const caller = await sessionAccess(context, actor, sessionId);
  // The student's own read is a request of theirs: the class's live view counts it (ADR 0046).
  return withinReach(caller, await taking.readSessionView(context, sessionId, caller.kind === "pass"));
}

/**
 * The student's heartbeat (ADR 0046): their page is open, which the class's live view counts as a
 * request of theirs, and the stamp of the session's state for the page to compare with its own.
 * Only the pass holder's page beats: staff who may read the session are refused (403), since their
 * reads are not the student's; anyone else as `sessionAccess` refuses them.
 */
export async function heartbeat(context: AppLoadContext, actor: SessionActor, sessionId: string): Promise<{ stamp: string }> {
  const caller = await sessionAccess(context, actor, sessionId);
  if (actor.passSessionId !== sessionId) throw new DomainError("forbidden", "session.notYours");
  const snapshot = await taking.heartbeatSession(context, sessionId);
  requireSessionReach(caller, snapshot);
  return { stamp: sessionStamp(snapshot) };
}

/** The view, if the caller may still read it: a pass only for its results window (ADR 0014). */
function withinReach(caller: SessionCaller, view: SessionView): SessionView {
  requireSessionReach(caller, view.snapshot);
  return view;
}

/** `readSession` with the student's name from their class (null without one, ADR 0016). */
export async function viewSession(context: AppLoadContext, actor: SessionActor, sessionId: string) {
  const view = await readSession(context, actor, sessionId);
  const { studentName } = await findSessionStudent(context.db, { cohortId: view.cohortId, studentId: view.studentId });
  return { view, studentName };
}

type SubmitRequest = {
  sessionId: string;
  answer: SubmitAnswerInput;
  /**
   * Set for a chat question answered from the test page: the answer is the session's own
   * conversation, refused without one student turn unless the clock submitted it.
   */
  chat?: { autoSubmit: boolean };
};

/** One answer stored by the session's object; an open answer's model grade is queued behind the response. */
export async function submitAnswer(context: AppLoadContext, actor: SessionActor, { sessionId, answer, chat }: SubmitRequest) {
  const caller = await sessionAccess(context, actor, sessionId);
  let submitted = answer;
  if (chat) {
    const conversation = await chatTurns(context, sessionId, answer.questionId);
    if (!chat.autoSubmit && conversation.studentTurns === 0) throw invalid(INTERACTION_REQUIRED.message);
    submitted = { ...answer, answer: { messages: conversation.messages } };
  }
  return taking.submitSessionAnswer(context, sessionId, submitted, caller.user?.id ?? null);
}

/** The conversation a chat answer is graded on; during a break the object refuses it (409), as it refuses the answer. */
async function chatTurns(context: AppLoadContext, sessionId: string, questionId: string) {
  const result = await testSessionStub(context.cloudflare.env, sessionId).chatTranscript(questionId);
  if (!result.ok) throw refusalError(result);
  return result;
}

/** The tutor's reply to a student's message in a chat question. */
export async function chatWithTutor(context: AppLoadContext, actor: SessionActor, input: ChatRequest): Promise<string> {
  await sessionAccess(context, actor, input.sessionId);
  return sendChatMessage({ env: context.cloudflare.env, db: context.db, ai: context.config.ai }, input);
}

/** A break started or ended (ADR 0032); a refusal (no breaks, none left, session over) is a 409. */
export async function takeBreak(context: AppLoadContext, actor: SessionActor, sessionId: string, step: "pause" | "resume") {
  await sessionAccess(context, actor, sessionId);
  return taking.takeBreak(context, sessionId, step);
}

/** The session ended by its student (or staff); completing it again changes nothing. */
export async function completeSession(context: AppLoadContext, actor: SessionActor, sessionId: string): Promise<void> {
  await sessionAccess(context, actor, sessionId);
  await taking.completeTestSession(context, sessionId);
}

/** The session ended and answered whole: a read too, so a pass whose results window has closed is refused as `readSession` refuses it. */
export async function completeAndReadSession(context: AppLoadContext, actor: SessionActor, sessionId: string): Promise<SessionView> {
  const caller = await sessionAccess(context, actor, sessionId);
  return withinReach(caller, await taking.completeTestSession(context, sessionId));
}

/**
 * A session's results as its teacher reads them (ADR 0016), with who took it and in which class:
 * a session outside the reader's scope is not found; the viewing of a rostered student's results
 * is recorded in the audit log (ADR 0030).
 */
export async function viewSessionResults(context: AppLoadContext, actor: CurrentUser, sessionId: string) {
  const record = found(await findSessionRecordInScope(context.db, sessionId, allowedScope(actor, "read", "session")), NOT_FOUND.session);
  const view = await taking.readSessionView(context, sessionId);
  const [{ studentName, cohortName: nameOfClass }, language] = await Promise.all([
    findSessionStudent(context.db, { cohortId: view.cohortId, studentId: view.studentId }),
    record.testConfigId ? testLanguage(context.db, record.testConfigId) : DEFAULT_CONTENT_LANGUAGE,
  ]);
  if (record.studentRecordId) {
    await recordAudit(context.db, actor, { action: "student.results_viewed", studentRecordId: record.studentRecordId, subject: `session:${sessionId}` });
  }
  return { view, studentName, cohortName: nameOfClass, language };
}

/** One page of the Test Sessions screen (past the end, the last page) and the tests to filter by; a teacher's: their classes' sessions. */
export async function sessionListPage(context: AppLoadContext, actor: CurrentUser, filters: SessionFilters, page: number) {
  const scope = allowedScope(actor, "read", "session");
  const [{ rows, summary }, tests] = await Promise.all([
    list.sessionPage(context.db, { ...filters, scope }, page, SESSION_PAGE_SIZE),
    listTestChoices(context.db),
  ]);
  return { rows, summary, tests };
}

/** A window of the session list, newest first, with the number matching. */
export async function listSessions(context: AppLoadContext, actor: CurrentUser, filters: SessionFilters, window: { limit: number; offset: number }) {
  const scope = allowedScope(actor, "read", "session");
  return list.sessionWindow(context.db, { ...filters, scope }, window);
}

/** Every matching session up to API_SESSION_ALL_MAX, in chunks read as they are streamed, with the number matching. */
export async function listEverySession(context: AppLoadContext, actor: CurrentUser, filters: SessionFilters) {
  const scoped = { ...filters, scope: allowedScope(actor, "read", "session") };
  const total = await list.countSessions(context.db, scoped);
  return { total, chunks: list.sessionListChunks(context.db, scoped, { maxRows: API_SESSION_ALL_MAX }), truncated: total > API_SESSION_ALL_MAX };
}

/** Every matching session for the CSV export, up to its cap (`truncated` when the cap cut it). */
export async function exportSessions(context: AppLoadContext, actor: CurrentUser, filters: SessionFilters) {
  return list.sessionsForExport(context.db, { ...filters, scope: allowedScope(actor, "export", "session") });
}

/** A session's grading logs with their overrides and graders' agreement; a session outside the reader's scope is not found. */
export async function viewGradingReview(context: AppLoadContext, actor: CurrentUser, sessionId: string) {
  return readGradingReview(context, sessionId, allowedScope(actor, "read", "session"));
}

/** A teacher's grade for an open answer, recorded beside the model's (ADR 0036). */
export async function overrideGrade(context: AppLoadContext, actor: CurrentUser, sessionId: string, input: GradeOverrideInput) {
  return overrideSessionGrade(context, sessionId, input, actor, allowedScope(actor, "write", "session"));
}

/** "Agree with this grade": the grade in force recorded as the teacher's; `created` is false for a repeat. */
export async function confirmGrade(context: AppLoadContext, actor: CurrentUser, sessionId: string, questionId: string) {
  return confirmSessionGrade(context, sessionId, questionId, actor, allowedScope(actor, "write", "session"));
}

/**
 * A teacher pauses, resumes, adds minutes to or ends a student's session from the live view (ADR
 * 0046): staff whose scope holds the session (404 otherwise); the session's object decides what its
 * state allows (409). Each action is audited on the student's record, naming the session.
 */
export async function proctorSession(context: AppLoadContext, actor: CurrentUser, sessionId: string, request: ProctorRequest) {
  const record = found(await findSessionRecordInScope(context.db, sessionId, allowedScope(actor, "write", "session")), NOT_FOUND.session);
  const view = await taking.proctorTestSession(context, sessionId, request);
  await recordAudit(context.db, actor, {
    action: "session.proctored",
    studentRecordId: record.studentRecordId,
    subject: `session:${sessionId}`,
    detail: { action: request.action, ...(request.action === "extend" ? { minutes: request.minutes } : {}) },
  });
  return view;
}

/**
 * "Pause all" or "Resume all" for a class (a fire drill, ADR 0046): every session of the class in
 * progress, each through its own object; one its state refuses (already paused, over) is skipped.
 * Audited once, for the class.
 */
export async function proctorClassSessions(
  context: AppLoadContext,
  actor: CurrentUser,
  classId: string,
  action: Exclude<ClassProctorRequest["action"], "reset_pin_tries">,
) {
  const scope = allowedScope(actor, "write", "session");
  found(await findClass(context.db, classId, scope), NOT_FOUND.cohort);
  const sessions = await listSessionsInProgress(context.db, classId, scope);
  const outcomes = await Promise.all(
    sessions.map(({ id }) =>
      taking.proctorTestSession(context, id, { action }).then(
        () => true,
        (error: unknown) => {
          if (error instanceof DomainError) return false;
          throw error;
        },
      ),
    ),
  );
  const changed = outcomes.filter(Boolean).length;
  const skipped = outcomes.length - changed;
  const counts = action === "pause" ? { paused: changed, skipped } : { resumed: changed, skipped };
  await recordAudit(context.db, actor, { action: "class.proctored", subject: `class:${classId}`, detail: { action, ...counts } });
  return counts;
}
