import { redirect, type AppLoadContext } from "@remix-run/cloudflare";

import { resultsPageData } from "~/domain/sessions/results-page";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { DomainError } from "~/lib/errors";
import { notFoundPage } from "~/services/http-errors.server";
import { requireSessionAccess, sessionsInPass } from "~/services/student-pass.server";
import { readSessionView } from "~/services/test-sessions.server";

/**
 * Results (SPEC.md section 2): for an admin or the browser whose student pass holds the
 * session; anyone else sees 'Session Not Found' and learns nothing about it. An admin reading
 * somebody else's session is sent to the teacher's results in the admin shell (ADR 0016); one
 * whose browser took the test (a preview) sees what the student sees.
 */
export async function loadResults(request: Request, context: AppLoadContext, sessionId: string) {
  const back = { to: "/", label: "Return Home" };
  let caller;
  try {
    caller = await requireSessionAccess(request, context, sessionId);
  } catch (error) {
    if (error instanceof DomainError) throw notFoundPage(NOT_FOUND.session, back);
    throw error;
  }
  let view;
  try {
    view = await readSessionView(context, sessionId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") throw notFoundPage(NOT_FOUND.session, back);
    throw error;
  }
  if (caller.kind === "admin" && !(await sessionsInPass(request, context.config)).includes(sessionId)) {
    throw redirect(`/admin/results/${encodeURIComponent(sessionId)}`);
  }
  if (!view.snapshot.completed) throw redirect(`/test/${view.testId}?session=${encodeURIComponent(sessionId)}`);
  return { ...resultsPageData(view), isAdmin: caller.kind === "admin" };
}
