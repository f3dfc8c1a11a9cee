import type { AppLoadContext } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import type { Scope } from "~/domain/auth/policy";
import { TEACHER_GRADE_REFUSALS } from "~/domain/sessions/attempt";
import { CONFIRMED_REASON, type GradeOverrideInput, isRepeatConfirmation } from "~/domain/sessions/grade-override";
import { graderAgreements } from "~/domain/sessions/grading-agreement";
import { type GradingReview, gradingReviewJson, type OverrideJson, overrideJson } from "~/domain/sessions/grading-review";
import { wasEndedEarly } from "~/domain/sessions/session-state";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { displayName } from "~/domain/shell/user-display";
import { found, invalid, notFound } from "~/lib/errors";
import { recordAudit } from "~/models/audit-log.server";
import { insertGradeOverride, lastGradeOverride, listSessionGradeOverrides } from "~/models/grade-overrides.server";
import { verdictCells } from "~/models/grading-agreement.server";
import { latestGradingLogId, listSessionGradingLogs } from "~/models/grading-logs.server";
import { findSessionRecordInScope } from "~/models/sessions.server";
import { findSessionStudent } from "~/models/student-names.server";

import { testSessionStub } from "./session-object.server";

type SessionGradingReview = {
  session: { id: string; testTitle: string; studentId: string; studentName: string | null; completed: boolean; totalScore: number | null; endedEarly: boolean };
  review: GradingReview;
};

/**
 * A session's grading logs with their overrides and their graders' agreement with teachers; 404 for a session D1 does
 * not know or the reader does not teach. The agreement counts every class's overrides of these district questions
 * (ADR 0036): counts only, no other student's answer or grade.
 */
export async function readGradingReview(context: AppLoadContext, sessionId: string, scope: Scope): Promise<SessionGradingReview> {
  const { db } = context;
  const session = found(await findSessionRecordInScope(db, sessionId, scope), NOT_FOUND.session);
  const [logs, overrides, { studentName }] = await Promise.all([
    listSessionGradingLogs(db, sessionId),
    listSessionGradeOverrides(db, sessionId),
    findSessionStudent(db, { cohortId: session.cohortId, studentId: session.userId }),
  ]);
  const questionIds = logs.flatMap((log) => (log.questionId ? [log.questionId] : []));
  const agreements = graderAgreements(await verdictCells(db, questionIds));
  return {
    session: {
      id: session.id,
      testTitle: session.testTitle,
      studentId: session.userId,
      studentName,
      completed: session.completed,
      totalScore: session.totalScore,
      endedEarly: wasEndedEarly(session.completionReason),
    },
    review: gradingReviewJson(logs, overrides, agreements),
  };
}

type RecordedOverride = { override: OverrideJson & { id: string; questionId: string }; totalScore: number };

/**
 * A teacher's grade for an open answer. The session's object applies it first (it knows the
 * answer and refuses what cannot be regraded), then the override is recorded, then the object
 * writes D1 at once so lists and analytics show it. The object is the only writer of the answer
 * (ADR 0010), and it keeps a teacher's grade against a model grade landing later. The `reviewer` is
 * the staff account that grades: the class's teacher or a district admin.
 */
export async function overrideSessionGrade(
  context: AppLoadContext,
  sessionId: string,
  input: GradeOverrideInput,
  reviewer: CurrentUser,
  scope: Scope,
): Promise<RecordedOverride> {
  const { db } = context;
  const record = found(await findSessionRecordInScope(db, sessionId, scope), NOT_FOUND.session);
  const session = testSessionStub(context.cloudflare.env, sessionId);
  const applied = await session.overrideGrade({ questionId: input.questionId, score: input.score });
  if (!applied.ok) {
    if (applied.reason === "not_begun") throw notFound(NOT_FOUND.session);
    if (applied.reason === "unknown_question") throw notFound(NOT_FOUND.question);
    throw invalid(applied.message);
  }
  const row = await insertGradeOverride(db, {
    sessionId,
    questionId: input.questionId,
    gradingLogId: await latestGradingLogId(db, sessionId, input.questionId),
    previousScore: applied.previousScore,
    score: input.score,
    reason: input.reason,
    overriddenBy: reviewer.id,
    overriddenByName: displayName(reviewer),
  });
  await recordAudit(
    db,
    { id: reviewer.id, email: reviewer.email },
    {
      action: "grade.overridden",
      studentRecordId: record.studentRecordId,
      subject: `session:${sessionId}`,
      detail: { questionId: input.questionId, previousScore: applied.previousScore, score: input.score },
    },
  );
  const flushed = await session.flush();
  // The object keeps the write pending and its alarm retries it; the teacher's grade already counts there.
  if (!flushed.ok || !flushed.written) console.error("Writing an overridden grade to D1 failed; the session will retry", sessionId, input.questionId);
  return { override: { id: row.id, questionId: row.questionId, ...overrideJson(row) }, totalScore: applied.view.results.totalScore };
}

/**
 * "Agree with this grade": the grade in force recorded again as the teacher's, with CONFIRMED_REASON, through the same
 * path as any override (the object, the audit log, D1), so it counts as a human label and changes no score. A repeat
 * of a confirmation still in force records nothing (`created` false). 404 for an answer the session does not have.
 */
export async function confirmSessionGrade(
  context: AppLoadContext,
  sessionId: string,
  questionId: string,
  reviewer: CurrentUser,
  scope: Scope,
): Promise<RecordedOverride & { created: boolean }> {
  const { db } = context;
  found(await findSessionRecordInScope(db, sessionId, scope), NOT_FOUND.session);
  const viewed = await testSessionStub(context.cloudflare.env, sessionId).view();
  if (!viewed.ok) throw notFound(NOT_FOUND.session);
  const answer = found(viewed.view.results.answers[questionId], NOT_FOUND.question);
  if (answer.gradingScore === null) throw invalid(TEACHER_GRADE_REFUSALS.choice);
  const last = await lastGradeOverride(db, sessionId, questionId);
  if (last && isRepeatConfirmation(last, answer.gradingScore)) {
    return { override: { id: last.id, questionId, ...overrideJson(last) }, totalScore: viewed.view.results.totalScore, created: false };
  }
  const recorded = await overrideSessionGrade(context, sessionId, { questionId, score: answer.gradingScore, reason: CONFIRMED_REASON }, reviewer, scope);
  return { ...recorded, created: true };
}
