import type { Database } from "~/db/client.server";
import { classAnalyticsReport } from "~/domain/analytics/analytics-report";
import { chooseAnalyticsWindow, onePerStudent } from "~/domain/analytics/analytics-window";
import type { ClassAnalyticsReport } from "~/domain/analytics/report";
import type { Scope } from "~/domain/auth/policy";
import { windowRange } from "~/domain/growth/growth";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { notFound } from "~/lib/errors";
import { readClassAnalyticsData } from "~/models/analytics.server";
import { districtTimeZone } from "~/models/district-time-zone.server";
import { listTestingWindows, type TestingWindow } from "~/models/testing-windows.server";

/** What the report is named when no test is chosen and the class has no default test. */
const ALL_TESTS = "All tests";
/** A chosen test that does not exist (or was deleted): its sessions, if any, kept no link to it. */
const UNKNOWN_TEST_NAME = "Unknown test";

/**
 * The report with the class's name, read with it, so a page need not look the class up again, and
 * the testing window it reads (null: every session of the class).
 */
type NamedClassReport = ClassAnalyticsReport & { cohortName: string; window: TestingWindow | null };

/**
 * A class's Cohort Analytics report, on one test when `testConfigId` is given, else
 * on all its sessions; in one testing window (`windowId`, else the current one: analytics-window.ts),
 * each student once, by their latest completed session in it. Null when there is no such class; a
 * window id that names no window is a 404 of its own. A test id that matches no test is not an
 * error: the class is real, it simply has no sessions on that test, and the report says so with
 * zero sessions (the page then shows the product's 'No data found for cohort ...').
 */
export async function loadClassAnalytics(
  db: Database,
  input: { cohortId: string; testConfigId?: string | null; windowId?: string | null },
  scope: Scope,
  nowMs = Date.now(),
): Promise<NamedClassReport | null> {
  const testConfigId = input.testConfigId || null;
  const [windows, timeZone] = await Promise.all([listTestingWindows(db), districtTimeZone(db)]);
  const window = chooseAnalyticsWindow(windows, input.windowId ?? null, nowMs, timeZone);
  if (window === undefined) throw notFound(NOT_FOUND.testingWindow);
  const startedIn = window && windowRange(window, timeZone);
  const data = await readClassAnalyticsData(db, { cohortId: input.cohortId, testConfigId, startedIn }, scope);
  if (!data) return null;
  const testName = data.testTitle ?? (testConfigId ? UNKNOWN_TEST_NAME : ALL_TESTS);
  const sessions = onePerStudent(data.sessions);
  return { ...classAnalyticsReport({ testName, cohortId: input.cohortId, sessions }), cohortName: data.cohortName, window };
}
