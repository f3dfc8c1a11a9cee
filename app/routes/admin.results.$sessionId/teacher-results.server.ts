import type { AppLoadContext } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import type { Scope } from "~/domain/auth/policy";
import { effortInWords } from "~/domain/sessions/effort-note";
import { resultsPageData } from "~/domain/sessions/results-page-data";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { shownTime, timeZoneFromCookieHeader } from "~/domain/shell/time-zone";
import { DomainError } from "~/lib/errors";
import { recordAudit } from "~/models/audit-log.server";
import { findSessionRecordInScope } from "~/models/sessions.server";
import { findSessionStudent } from "~/models/student-names.server";
import { notFoundPage } from "~/services/http-errors.server";
import { readSessionView } from "~/services/test-taking.server";

const BACK = { to: "/admin/sessions", label: "Back to Test Sessions" };

/**
 * A session's results as a teacher reads them (ADR 0016): the student's results from the
 * session's object, with who took it (name and ID), in which class, and when. A session still
 * in progress shows its results so far.
 */
export async function loadTeacherResults(request: Request, context: AppLoadContext, sessionId: string, reader: CurrentUser, scope: Scope) {
  const record = await findSessionRecordInScope(context.db, sessionId, scope);
  if (!record) throw notFoundPage(NOT_FOUND.session, BACK);
  let view;
  try {
    view = await readSessionView(context, sessionId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") throw notFoundPage(NOT_FOUND.session, BACK);
    throw error;
  }
  const { studentName, cohortName } = await findSessionStudent(context.db, { cohortId: view.cohortId, studentId: view.studentId });
  if (record?.studentRecordId) {
    await recordAudit(context.db, reader, { action: "student.results_viewed", studentRecordId: record.studentRecordId, subject: `session:${sessionId}` });
  }
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  return {
    ...resultsPageData(view),
    /** The response-time effort in words, with its warning when low (ADR 0033): for teachers only. */
    effort: effortInWords(view.results.effort),
    studentId: view.studentId,
    studentName,
    cohortId: view.cohortId,
    cohortName,
    started: shownTime(view.snapshot.startedAt, timeZone),
  };
}
