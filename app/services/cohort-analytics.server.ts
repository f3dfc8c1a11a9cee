import type { Database } from "~/db/client.server";
import { cohortAnalyticsReport } from "~/domain/analytics/analytics-report";
import type { CohortAnalyticsReport } from "~/domain/analytics/report";
import type { Scope } from "~/domain/auth/policy";
import { readCohortAnalyticsData } from "~/models/analytics.server";

/** What the report is named when no test is chosen and the class has no default test. */
const ALL_TESTS = "All tests";
/** A chosen test that does not exist (or was deleted): its sessions, if any, kept no link to it. */
const UNKNOWN_TEST_NAME = "Unknown test";

/** The report with the class's name, read with it, so a page need not look the class up again. */
type NamedCohortReport = CohortAnalyticsReport & { cohortName: string };

/**
 * A class's Cohort Analytics report, on one test when `testConfigId` is given, else
 * on all its sessions. Null when there is no such class. A test id that matches no test is not an
 * error: the class is real, it simply has no sessions on that test, and the report says so with
 * zero sessions (the page then shows the product's 'No data found for cohort ...').
 */
export async function loadCohortAnalytics(
  db: Database,
  input: { cohortId: string; testConfigId?: string | null },
  scope: Scope,
): Promise<NamedCohortReport | null> {
  const testConfigId = input.testConfigId || null;
  const data = await readCohortAnalyticsData(db, { cohortId: input.cohortId, testConfigId }, scope);
  if (!data) return null;
  const testName = data.testTitle ?? (testConfigId ? UNKNOWN_TEST_NAME : ALL_TESTS);
  return { ...cohortAnalyticsReport({ testName, cohortId: input.cohortId, sessions: data.sessions }), cohortName: data.cohortName };
}
