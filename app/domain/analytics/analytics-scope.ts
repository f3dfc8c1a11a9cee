import { MAX_ID_LENGTH } from "~/domain/sessions/session-limits";
import { invalid } from "~/lib/errors";

/**
 * Which class (and optionally which test) a Cohort Analytics request is about: the API's path and
 * query, the exports' query. Ids are generated (UUIDs), so anything beyond letters, digits, dash and
 * underscore, or longer than an id can be, is a malformed request (400), not a missing class (404).
 */
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export const MALFORMED_CLASS_ID = "refusals.malformedClassId";
export const MALFORMED_TEST_ID = "refusals.malformedTestId";
export const MALFORMED_WINDOW_ID = "refusals.malformedWindowId";

/** `windowId` null: the current window (analytics-window.ts). */
type AnalyticsScopeInput = { cohortId: string; testConfigId: string | null; windowId: string | null };

const isId = (value: string) => value.length <= MAX_ID_LENGTH && ID_PATTERN.test(value);

/** An empty testConfigId (the search card's optional field left blank) means every test; an empty windowId, the current window. */
export function parseAnalyticsScope(
  classId: string | null | undefined,
  testConfigId: string | null | undefined,
  windowId?: string | null,
): AnalyticsScopeInput {
  const schoolClass = (classId ?? "").trim();
  const test = (testConfigId ?? "").trim();
  const window = (windowId ?? "").trim();
  if (!isId(schoolClass)) throw invalid(MALFORMED_CLASS_ID);
  if (test && !isId(test)) throw invalid(MALFORMED_TEST_ID);
  if (window && !isId(window)) throw invalid(MALFORMED_WINDOW_ID);
  return { cohortId: schoolClass, testConfigId: test || null, windowId: window || null };
}

/** The query of a class's report (and test, and window): cohortId=&testConfigId=&windowId=. */
export function analyticsSearch(query: { cohortId: string; testConfigId?: string | null; windowId?: string | null }): URLSearchParams {
  const search = new URLSearchParams({ cohortId: query.cohortId });
  if (query.testConfigId) search.set("testConfigId", query.testConfigId);
  if (query.windowId) search.set("windowId", query.windowId);
  return search;
}

/** The Cohort Analytics page of a class (and test, and window): ?cohortId=&testConfigId=&windowId=. */
export function analyticsHref(query: { cohortId: string; testConfigId?: string | null; windowId?: string | null }): string {
  return `/admin/analytics?${analyticsSearch(query)}`;
}

/** The exports read the class from the query, like the page: ?cohortId=&testConfigId=&windowId=. */
export function analyticsScopeFromQuery(url: URL): AnalyticsScopeInput {
  return parseAnalyticsScope(url.searchParams.get("cohortId"), url.searchParams.get("testConfigId"), url.searchParams.get("windowId"));
}
