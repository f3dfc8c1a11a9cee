import { AlertOctagon, AlertTriangle, Info, type LucideIcon } from "lucide-react";

import type { ShownReport } from "~/components/analytics/shown-report";

const INSIGHT_STYLES: Record<string, { label: string; icon: LucideIcon; className: string }> = {
  alert: { label: "Alert", icon: AlertOctagon, className: "border-red-300 bg-red-50 text-red-900" },
  warning: { label: "Warning", icon: AlertTriangle, className: "border-amber-300 bg-amber-50 text-amber-900" },
  info: { label: "Note", icon: Info, className: "border-sky-300 bg-sky-50 text-sky-900" },
};

/** the product's insights: alert, warning, or anything else (shown as a note); the kind is written, not only coloured. */
export function Insights({ insights }: { insights: ShownReport["insights"] }) {
  if (!insights.length) return null;
  return (
    <section aria-labelledby="insights-title">
      <h2 id="insights-title" className="sr-only">
        Insights
      </h2>
      <ul className="space-y-2">
        {insights.map((insight, index) => {
          const style = INSIGHT_STYLES[insight.type] ?? INSIGHT_STYLES.info!;
          return (
            <li key={index} className={`flex items-start gap-3 rounded-lg border px-4 py-3 text-sm ${style.className}`} data-testid="insight">
              <style.icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                <span className="font-semibold">{style.label}: </span>
                {insight.message}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="card p-4" data-testid="stat-card">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {detail ? <dd className="text-xs text-slate-700">{detail}</dd> : null}
    </div>
  );
}

/** The totals, completion rate, average score and time. */
export function SummaryStats({ report }: { report: ShownReport }) {
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="sr-only">
        Summary
      </h2>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Stat label="Total sessions" value={String(report.totalSessions)} />
        <Stat label="Completed" value={String(report.completedSessions)} detail={`${report.totalSessions - report.completedSessions} in progress`} />
        <Stat label="Completion rate" value={`${report.completionRate}%`} />
        <Stat label="Average score" value={`${report.averageScore}%`} detail="of completed sessions" />
        <Stat label="Average time" value={`${report.averageTimeMinutes} min`} detail="per completed session" />
      </dl>
    </section>
  );
}

/** the product's score distribution figures, beside the histogram. */
export function DistributionFigures({ report }: { report: ShownReport }) {
  const { min, max, median, stdDev } = report.scoreDistribution;
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
      {[
        ["Minimum", `${min}%`],
        ["Maximum", `${max}%`],
        ["Median", `${median}%`],
        ["Standard deviation", `${stdDev}`],
      ].map(([label, value]) => (
        <div key={label}>
          <dt className="text-slate-700">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Module → how many students were recommended it (labels other than Mastered). */
export function ModuleRecommendations({ counts, completed }: { counts: Record<string, number>; completed: number }) {
  const rows = Object.entries(counts).sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b));
  if (!rows.length) return <p className="text-sm text-slate-700">No module was recommended: every student mastered every module they met.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {rows.map(([module, count]) => (
        <li key={module} className="flex items-center justify-between gap-4 py-2 text-sm">
          <span className="text-slate-900">{module}</span>
          <span className="tabular-nums text-slate-800">
            {count} of {completed} {completed === 1 ? "student" : "students"}
          </span>
        </li>
      ))}
    </ul>
  );
}
