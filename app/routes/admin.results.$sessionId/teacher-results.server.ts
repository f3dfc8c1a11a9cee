import type { AppLoadContext } from "@remix-run/cloudflare";

import type { CurrentUser } from "~/domain/auth/current-user";
import { takenInLabel } from "~/domain/questions/content-language";
import { effortInWords } from "~/domain/sessions/effort-note";
import { resultsPageData } from "~/domain/sessions/results-page-data";
import { resultsCards } from "~/domain/sessions/results-words";
import { shownTime, timeZoneFromCookieHeader } from "~/domain/shell/time-zone";
import { viewSessionResults } from "~/features/sessions/use-cases.server";
import { orNotFoundPage } from "~/services/http-errors.server";

const BACK = { to: "/admin/sessions", label: "Back to Test Sessions" };

/**
 * A session's results as a teacher reads them (ADR 0016): the student's results from the
 * session's object, with who took it (name and ID), in which class, and when. A session still
 * in progress shows its results so far.
 */
export async function loadTeacherResults(request: Request, context: AppLoadContext, sessionId: string, reader: CurrentUser) {
  const { view, studentName, cohortName: nameOfClass, language } = await orNotFoundPage(viewSessionResults(context, reader, sessionId), BACK);
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const data = resultsPageData(view);
  return {
    ...data,
    // The cards it shares with the student's page, in English: the staff screens stay English (ADR 0045).
    cards: resultsCards(data, "en"),
    /** The response-time effort in words, with its warning when low (ADR 0033): for teachers only. */
    effort: effortInWords(view.results.effort),
    studentId: view.studentId,
    studentName,
    cohortId: view.cohortId,
    cohortName: nameOfClass,
    started: shownTime(view.snapshot.startedAt, timeZone),
    /** "Taken in Spanish" for a session of a Spanish test (ADR 0044), else null. */
    takenIn: takenInLabel(language),
  };
}
