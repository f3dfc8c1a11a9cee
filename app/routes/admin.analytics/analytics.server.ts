import { type AppLoadContext, json, redirect } from "@remix-run/cloudflare";

import type { ShownReport } from "~/components/analytics/shown-report";
import { analyticsHref, MALFORMED_WINDOW_ID, parseAnalyticsScope } from "~/domain/analytics/analytics-scope";
import { ANALYTICS_MESSAGES, analyticsActionSchema, demoGeneratedToast } from "~/domain/analytics/screen-actions";
import { allows } from "~/domain/auth/policy";
import { renderText } from "~/domain/i18n/catalog";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { assertNever } from "~/lib/assert-never";
import { DomainError } from "~/lib/errors";
import { listTestingWindows, type TestingWindow } from "~/models/testing-windows.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";
import { loadClassAnalytics } from "~/services/class-analytics.server";
import { type DemoJobState, queueDemoGeneration, readDemoJob } from "~/services/demo-class.server";
import { redirectWithToast } from "~/services/toast.server";

export async function loadAnalyticsScreen(request: Request, context: AppLoadContext) {
  const { user, scope } = await requireAllowed(request, context, "read", "report");
  // Demo data is a district setting: its button is offered only to those who may press it.
  const canGenerateDemo = allows(user, "write", "district-settings");
  const url = new URL(request.url);
  const classId = url.searchParams.get("cohortId")?.trim() || null;
  const testConfigId = url.searchParams.get("testConfigId")?.trim() || null;
  const windowId = url.searchParams.get("windowId")?.trim() || null;
  const query = { cohortId: classId, testConfigId, windowId };
  const demoJob = url.searchParams.get("demoJob")?.trim().slice(0, 100) || null;
  const generation = demoJob ? await readDemoJob(context.db, demoJob) : null;
  if (generation?.state === "succeeded") {
    // Done: the class's analytics at their own address, with the product's toast.
    const { cohort: schoolClass, test } = generation.demo;
    throw await redirectWithToast(request, context, analyticsHref({ cohortId: schoolClass.id, testConfigId: test.id }), demoGeneratedToast(generation.demo));
  }
  const demo: Exclude<DemoJobState, { state: "succeeded" }> | null = generation;
  // A failure still renders the page, with the product's "Failed to fetch analytics" and the reason, if one can be told.
  const windows: TestingWindow[] = [];
  // A staff screen: a reason that is a catalog code reads in English (ADR 0045).
  const failure = (reason: string | null, status: number) =>
    json({ query, windows, cohortName: null, report: null, failure: { reason: reason && renderText("en", reason) }, demo, canGenerateDemo }, { status });
  if (!classId) return json({ query, windows, cohortName: null, report: null, failure: null, demo, canGenerateDemo });

  let which;
  try {
    which = parseAnalyticsScope(classId, testConfigId, windowId);
  } catch (error) {
    // A mistyped class id names no class: to the teacher it is a class not found, not a bad request.
    return failure(error instanceof Error && error.message === MALFORMED_WINDOW_ID ? NOT_FOUND.testingWindow : NOT_FOUND.cohort, 404);
  }
  let loaded;
  try {
    // The window picker lists every window; the report says which one it read.
    [loaded] = await Promise.all([loadClassAnalytics(context.db, which, scope), listTestingWindows(context.db).then((rows) => windows.push(...rows))]);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") return failure(error.message, 404);
    console.error("Loading cohort analytics failed", classId, error);
    return failure(null, 500);
  }
  if (!loaded) return failure(NOT_FOUND.cohort, 404);
  // Every question's row is for the export; the page shows the top 10, and its data rides in the HTML.
  const { allQuestionAnalytics: _forExport, cohortName: nameOfClass, ...shown } = loaded;
  const report: ShownReport = shown;
  return json({ query, windows, cohortName: nameOfClass, report, failure: null, demo, canGenerateDemo });
}

export async function analyticsScreenAction(request: Request, context: AppLoadContext) {
  const { user: admin } = await requireAllowed(request, context, "write", "district-settings");
  return handleAction(request, analyticsActionSchema, ANALYTICS_MESSAGES, async (input) => {
    switch (input.intent) {
      case "generateDemo": {
        // The class's analytics, following the generation until its students are done (the loader above).
        const demo = await queueDemoGeneration(context, admin);
        return redirect(`${analyticsHref({ cohortId: demo.cohort.id, testConfigId: demo.test.id })}&demoJob=${encodeURIComponent(demo.jobId)}`);
      }
      default:
        return assertNever(input.intent);
    }
  });
}
