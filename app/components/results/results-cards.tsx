import type { ReactNode } from "react";

import type { ResultsPageData } from "~/domain/sessions/results-page-data";

/**
 * The cards both results pages share: the student's at
 * /results/{id} and the teacher's at /admin/results/{id} (ADR 0016). Plain markup, no admin
 * code: the student page's JavaScript budget counts them.
 */

/** Overall 80 or more is strong, 60 or more good. */
function band(score: number): string {
  return score >= 80 ? "Strong result" : score >= 60 ? "Good result" : "Keep practicing";
}

/** The bar is green at 80% or more, amber at 50% or more (else red). */
function barColour(percent: number): string {
  return percent >= 80 ? "bg-emerald-600" : percent >= 50 ? "bg-amber-500" : "bg-red-600";
}

const COMPETENCY_WORDS: Record<string, string> = { mastered: "Mastered", not_mastered: "Working towards it", not_assessed: "Not assessed" };

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div className={`h-full ${barColour(clamped)}`} style={{ width: `${clamped}%` }} />
    </div>
  );
}

/** The overall percent, its bar and band; `children` is the reader's line about the scale score. */
export function OverallScoreCard({ data, children }: { data: Pick<ResultsPageData, "totalScore" | "gradingPending">; children: ReactNode }) {
  return (
    <div className="card space-y-3 p-6" data-testid="overall-score">
      <p className="text-sm font-medium text-slate-700">Overall score</p>
      <p className="text-4xl font-bold text-slate-900">{Math.round(data.totalScore)}%</p>
      <ProgressBar percent={data.totalScore} label="Overall score" />
      <p className="font-semibold text-slate-900">{band(data.totalScore)}</p>
      {children}
      {data.gradingPending > 0 ? (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {data.gradingPending === 1 ? "1 answer is" : `${data.gradingPending} answers are`} still being graded. Refresh this page in a minute to see the final
          grade.
        </p>
      ) : null}
    </div>
  );
}

export function SkillsCard({ competencies }: { competencies: ResultsPageData["competencies"] }) {
  if (competencies.length === 0) return null;
  return (
    <div className="card p-6">
      <h2 className="text-lg font-semibold text-slate-900">Skills</h2>
      <ul className="mt-3 divide-y divide-slate-200" data-testid="competencies">
        {competencies.map(([name, status]) => (
          <li key={name} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-slate-900">{name}</span>
            <span
              className={`rounded-full px-2 py-0.5 text-sm font-medium ${status === "mastered" ? "bg-emerald-100 text-emerald-900" : status === "not_mastered" ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-800"}`}
            >
              {COMPETENCY_WORDS[status] ?? status}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ModulesCard({ modules }: { modules: ResultsPageData["modules"] }) {
  if (modules.length === 0) return null;
  return (
    <div className="card p-6">
      <h2 className="text-lg font-semibold text-slate-900">Module Recommendations</h2>
      <ul className="mt-3 divide-y divide-slate-200" data-testid="modules">
        {modules.map(([name, label]) => (
          <li key={name} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-slate-900">{name}</span>
            <span
              className={`rounded-full px-2 py-0.5 text-sm font-medium ${label === "Mastered" ? "bg-emerald-100 text-emerald-900" : "bg-blue-100 text-blue-900"}`}
            >
              {label}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
