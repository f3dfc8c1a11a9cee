import { type AppLoadContext, redirect } from "@remix-run/cloudflare";

import { resultsPageData } from "~/domain/sessions/results-page-data";
import { resultsCards, studentResultsWords } from "~/domain/sessions/results-words";
import { RESULTS_WINDOW_MINUTES } from "~/domain/sessions/student-pass";
import { testPagePath, testPath } from "~/domain/sessions/test-page-paths";
import { DomainError } from "~/lib/errors";
import { studentNotFoundPage } from "~/services/http-errors.server";
import { requestLocale } from "~/services/locale.server";
import { classJoinStep, requireSessionAccess, requireSessionReach, sessionInPass } from "~/services/student-pass.server";
import { readSessionView } from "~/services/test-taking.server";

/**
 * Results: for an admin, or for the browser whose student pass holds the
 * session, until its results window closes (ADR 0014); anyone else learns nothing about it. An
 * admin reading somebody else's session is sent to the teacher's results in the admin shell
 * (ADR 0016); one whose browser took the test (a preview) sees what the student sees.
 */
export async function loadResults(request: Request, context: AppLoadContext, sessionId: string) {
  const locale = requestLocale(request);
  const back = { to: "/", label: "returnHome" } as const;
  // A browser that may not read a session's results cannot tell a missing session from somebody
  // else's: it is told where results do open.
  const elsewhere = () =>
    studentNotFoundPage(
      locale,
      "session",
      { to: "/join", label: "goToStudentEntry" },
      { key: "resultsElsewhere", values: { minutes: RESULTS_WINDOW_MINUTES } },
    );
  let caller;
  try {
    caller = await requireSessionAccess(request, context, sessionId);
  } catch (error) {
    if (error instanceof DomainError) throw elsewhere();
    throw error;
  }
  let view;
  try {
    view = await readSessionView(context, sessionId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") throw studentNotFoundPage(locale, "session", back);
    throw error;
  }
  if (caller.kind === "staff" && (await sessionInPass(request, context.config)) !== sessionId) {
    throw redirect(`/admin/results/${encodeURIComponent(sessionId)}`);
  }
  if (!view.snapshot.completed) throw redirect(testPagePath(view.testId, sessionId));
  try {
    requireSessionReach(caller, view.snapshot);
  } catch (error) {
    if (error instanceof DomainError) throw elsewhere();
    throw error;
  }
  // A student retakes a class's test through its join step: a signed-out browser cannot start it on /test.
  const retakePath = caller.kind === "staff" || !view.cohortId ? testPath(view.testId) : await classJoinStep(context, view.cohortId);
  // The words come with the data, in the student's language (ADR 0045): the page's own JavaScript
  // then carries no English and shares no module with the test page's (the 100 kB budget).
  const data = resultsPageData(view, locale);
  return {
    ...data,
    locale,
    cards: resultsCards(data, locale),
    words: studentResultsWords(data, locale),
    isStaff: caller.kind === "staff",
    retakePath,
  };
}
