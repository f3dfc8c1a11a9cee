import type { AppLoadContext } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import { classScopeOf } from "~/domain/auth/roles";
import type { GradeOverrideInput } from "~/domain/sessions/grade-override";
import { type GradingReview, gradingReviewJson, type OverrideJson, overrideJson } from "~/domain/sessions/grading-review";
import { wasEndedEarly } from "~/domain/sessions/session-state";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { displayName } from "~/domain/shell/user-display";
import { found, invalid, notFound } from "~/lib/errors";
import { recordAudit } from "~/models/audit-log.server";
import { canSeeSession } from "~/models/class-scope.server";
import { insertGradeOverride, listSessionGradeOverrides } from "~/models/grade-overrides.server";
import { latestGradingLogId, listSessionGradingLogs } from "~/models/grading-logs.server";
import { findSessionRecord } from "~/models/sessions.server";
import { findSessionStudent } from "~/models/student-names.server";

import { testSessionStub } from "./session-object.server";

type SessionGradingReview = {
  session: { id: string; testTitle: string; studentId: string; studentName: string | null; completed: boolean; totalScore: number | null; endedEarly: boolean };
  review: GradingReview;
};

/** A session's grading logs with their overrides; 404 for a session D1 does not know or the reader does not teach. */
export async function readGradingReview(context: AppLoadContext, sessionId: string, reader: CurrentUser): Promise<SessionGradingReview> {
  const { db } = context;
  found(await canSeeSession(db, classScopeOf(reader), sessionId), NOT_FOUND.session);
  const session = found(await findSessionRecord(db, sessionId), NOT_FOUND.session);
  const [logs, overrides, { studentName }] = await Promise.all([
    listSessionGradingLogs(db, sessionId),
    listSessionGradeOverrides(db, sessionId),
    findSessionStudent(db, { cohortId: session.cohortId, studentId: session.userId }),
  ]);
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
    review: gradingReviewJson(logs, overrides),
  };
}

type RecordedOverride = { override: OverrideJson & { id: string; questionId: string }; totalScore: number };

/**
 * A teacher's grade for an open answer. The session's object applies it first (it knows the
 * answer and refuses what cannot be regraded), then the override is recorded, then the object
 * writes D1 at once so lists and analytics show it. The object is the only writer of the answer
 * (ADR 0010), and it keeps a teacher's grade against a model grade landing later.
 */
export async function overrideSessionGrade(
  context: AppLoadContext,
  sessionId: string,
  input: GradeOverrideInput,
  teacher: CurrentUser,
): Promise<RecordedOverride> {
  const { db } = context;
  found(await canSeeSession(db, classScopeOf(teacher), sessionId), NOT_FOUND.session);
  const record = found(await findSessionRecord(db, sessionId), NOT_FOUND.session);
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
    overriddenBy: teacher.id,
    overriddenByName: displayName(teacher),
  });
  await recordAudit(
    db,
    { id: teacher.id, email: teacher.email },
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
