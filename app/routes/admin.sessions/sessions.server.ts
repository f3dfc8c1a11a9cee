import type { AppLoadContext } from "@remix-run/cloudflare";

import { describeAccommodations, readAccommodations } from "~/domain/accommodations/accommodations";
import type { CurrentUser } from "~/domain/auth/current-user";
import { takenInLabel } from "~/domain/questions/content-language";
import { effortFacts } from "~/domain/sessions/effort-note";
import { formatSessionDuration, formatSessionScore, MODE_LABELS, readSessionListScreenQuery, sessionListSearch } from "~/domain/sessions/session-list";
import { wasEndedEarly } from "~/domain/sessions/session-state";
import { shownTime, timeZoneFromCookieHeader } from "~/domain/shell/time-zone";
import { sessionListPage } from "~/features/sessions/use-cases.server";
import type { SessionListRow } from "~/models/session-list.server";

/** Only what a card shows: the scores map stays on the server. */
function sessionCard(row: SessionListRow, timeZone: string) {
  return {
    id: row.id,
    testTitle: row.testTitle,
    testSubject: row.testSubject,
    userId: row.userId,
    studentName: row.studentName,
    completed: row.completed,
    /** The class's live view, while the session is in progress in a class (ADR 0046). */
    liveHref: !row.completed && row.cohortId ? `/admin/cohorts/${encodeURIComponent(row.cohortId)}/live` : null,
    endedEarly: wasEndedEarly(row.completionReason),
    score: formatSessionScore(row),
    started: shownTime(row.startTime, timeZone),
    duration: formatSessionDuration(row),
    mode: MODE_LABELS[row.testMode] ?? row.testMode,
    /** "Taken in Spanish" for a session of a Spanish test (ADR 0044), as the results and growth screens say it; else null. */
    takenIn: takenInLabel(row.language),
    hasAiFeedback: row.hasAiFeedback,
    /** In words (ADR 0032): empty when the session ran without any. */
    accommodations: describeAccommodations(readAccommodations(row.accommodations)).join(", "),
    nonStandard: row.nonStandard,
    /** Below 90% of answers given with effort (ADR 0033). */
    lowEffort: effortFacts(row.effort).lowEffort,
  };
}
export type SessionCardData = ReturnType<typeof sessionCard>;

/** The Test Sessions screen's data: one page of the filtered list (from the URL), the tests to filter by. */
export async function loadSessionsScreen(request: Request, context: AppLoadContext, reader: CurrentUser) {
  const { filters, values, page } = readSessionListScreenQuery(new URL(request.url).searchParams);
  const timeZone = timeZoneFromCookieHeader(request.headers.get("Cookie"));
  const { rows, summary, tests } = await sessionListPage(context, reader, filters, page);
  const exportSearch = sessionListSearch(values).toString();
  return {
    cards: rows.map((row) => sessionCard(row, timeZone)),
    summary,
    values,
    tests,
    exportHref: `/admin/sessions/export${exportSearch ? `?${exportSearch}` : ""}`,
  };
}
