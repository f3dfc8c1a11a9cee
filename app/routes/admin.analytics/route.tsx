import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Download } from "lucide-react";
import { type ReactNode, useEffect } from "react";

import { CompetencyMasteryChart } from "~/components/analytics/competency-mastery-chart";
import { QuestionSuccessChart } from "~/components/analytics/question-success-chart";
import { ScaleScoreChart, ScoreDistributionChart } from "~/components/analytics/score-distribution-chart";
import type { ShownReport } from "~/components/analytics/shown-report";
import { BackLink, PageHeader } from "~/components/page-header";
import { useToast } from "~/components/toast/toast-context";
import { SCALE_FORMULA } from "~/domain/adaptive/scale";
import { analyticsSearch } from "~/domain/analytics/analytics-scope";
import { ALL_WINDOWS } from "~/domain/analytics/analytics-window";
import { trimEmptyEnds } from "~/domain/analytics/chart-geometry";

import { analyticsScreenAction, loadAnalyticsScreen } from "./analytics.server";
import { DemoDataButton } from "./demo-data-button";
import { DistributionFigures, Insights, ModuleRecommendations, SummaryStats } from "./report-summary";
import { SearchCard } from "./search-card";
import { StrugglingStudents, StudentPerformance } from "./student-tables";
import { WindowPicker } from "./window-picker";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Cohort Analytics${data?.cohortName ? ` · ${data.cohortName}` : ""} · Adaptive Testing Engine` },
];

/** The words the screen shows when the report cannot be read. */
const ANALYTICS_FETCH_FAILED = "Failed to fetch analytics";

export function loader({ request, context }: LoaderFunctionArgs) {
  return loadAnalyticsScreen(request, context);
}

export function action({ request, context }: ActionFunctionArgs) {
  return analyticsScreenAction(request, context);
}

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

type ReportQuery = { cohortId: string; testConfigId: string | null; windowId: string | null };

/** The exports read the window the page shows (all of them: `all`), so the CSV is the page's report. */
function exportHref(kind: "students" | "questions", query: ReportQuery, report: ShownReport) {
  return `/admin/analytics/export/${kind}?${analyticsSearch({ ...query, windowId: report.window?.id ?? ALL_WINDOWS })}`;
}

/** Non-standard sessions (ADR 0032) are named where they are left out, never silently. */
const nonStandardNote = (count: number) =>
  count ? ` ${count} non-standard ${count === 1 ? "session is" : "sessions are"} left out of this distribution and of the calibration.` : "";

function Report({ report, query }: { report: ShownReport; query: ReportQuery }) {
  const scale = report.scaleScoreDistribution;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-3">
        {/* A download, not a page: reloadDocument keeps Remix from routing to it. */}
        <Link reloadDocument to={exportHref("students", query, report)} className="btn-outline">
          <Download aria-hidden="true" className="size-4" /> Export students (CSV)
        </Link>
        <Link reloadDocument to={exportHref("questions", query, report)} className="btn-outline">
          <Download aria-hidden="true" className="size-4" /> Export questions (CSV)
        </Link>
      </div>
      <Insights insights={report.insights} />
      <SummaryStats report={report} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        <Section id="score-distribution" title="Score distribution" description="Completed sessions by percent score.">
          <DistributionFigures report={report} />
          <div className="mt-4">
            <ScoreDistributionChart bins={report.scoreHistogram} median={report.completedSessions ? report.scoreDistribution.median : null} />
          </div>
        </Section>
        <Section
          id="scale-scores"
          title="Scale-score distribution"
          description={
            scale.count
              ? `The adaptive engine's ability estimate as ${SCALE_FORMULA}: ${scale.count} students, mean ${scale.mean}, median ${scale.median}, standard deviation ${scale.stdDev}.${nonStandardNote(scale.nonStandardLeftOut)}`
              : `The adaptive engine's ability estimate as ${SCALE_FORMULA}.${nonStandardNote(scale.nonStandardLeftOut)}`
          }
        >
          <ScaleScoreChart bins={trimEmptyEnds(scale.bins)} mean={scale.mean} />
        </Section>
      </div>
      <Section id="struggling" title="Struggling students">
        <StrugglingStudents students={report.strugglingStudents} />
      </Section>
      <Section id="competency-mastery" title="Competency mastery" description="Share of students who mastered each competency; under 60% needs attention.">
        <CompetencyMasteryChart mastery={report.competencyMastery} />
      </Section>
      <Section id="question-analytics" title="Questions with the lowest success rate" description="The 10 questions students answered correctly least often.">
        <QuestionSuccessChart questions={report.questionAnalytics} />
      </Section>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[2fr_1fr]">
        <Section id="student-performance" title="Student performance">
          <StudentPerformance students={report.studentPerformance} />
        </Section>
        <Section id="module-recommendations" title="Module recommendations" description="Students recommended each module.">
          <ModuleRecommendations counts={report.moduleRecommendations} completed={report.completedSessions} />
        </Section>
      </div>
    </div>
  );
}

export default function ClassAnalytics() {
  const { query, windows, cohortName: nameOfClass, report, failure, demo, canGenerateDemo } = useLoaderData<typeof loader>();
  const classId = query.cohortId;
  const { toast } = useToast();
  useEffect(() => {
    // The product's toast; the alert below says the same without JavaScript.
    if (failure) toast({ title: ANALYTICS_FETCH_FAILED, description: failure.reason ?? undefined, variant: "destructive" });
  }, [failure, toast]);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <BackLink to="/admin/cohorts" label="Back to Classes" />
        <PageHeader
          title="Cohort Analytics"
          subtitle={
            report && nameOfClass
              ? `${nameOfClass} · ${report.testName}`
              : "How a class did: scores, struggling students, competencies and the hardest questions"
          }
          actions={canGenerateDemo ? <DemoDataButton demo={demo} /> : null}
        />
      </div>
      {failure ? (
        <div role="alert" className="card border-red-300 bg-red-50 p-6 text-red-900">
          <p className="font-semibold">{ANALYTICS_FETCH_FAILED}</p>
          {failure.reason ? <p className="mt-1">{failure.reason}</p> : null}
        </div>
      ) : null}
      {classId ? null : <SearchCard testConfigId={query.testConfigId} />}
      {classId && report ? <WindowPicker windows={windows} shown={report.window} query={{ cohortId: classId, testConfigId: query.testConfigId }} /> : null}
      {classId && report && report.totalSessions === 0 ? (
        <p className="card p-8 text-center text-slate-700" data-testid="analytics-empty">
          {demo?.state === "running"
            ? "The simulated students are taking the test: their results appear here when they have all finished."
            : `No data found for cohort ${classId}`}
        </p>
      ) : null}
      {classId && report && report.totalSessions > 0 ? <Report report={report} query={{ ...query, cohortId: classId }} /> : null}
    </div>
  );
}
