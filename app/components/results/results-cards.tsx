import type { ReactNode } from "react";

import type { ResultsCards } from "~/domain/sessions/results-words";

/**
 * The cards both results pages share: the student's at /results/{id} and the teacher's at
 * /admin/results/{id} (ADR 0016). Plain markup, no admin code: the student page's JavaScript
 * budget counts them. Their words are the `cards` the page's loader wrote in its language (ADR 0045).
 */

/** The bar is green at 80% or more, amber at 50% or more (else red). */
function barColour(percent: number): string {
  return percent >= 80 ? "bg-emerald-600" : percent >= 50 ? "bg-amber-500" : "bg-red-600";
}

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
export function OverallScoreCard({ totalScore, cards, children }: { totalScore: number; cards: ResultsCards; children: ReactNode }) {
  const t = cards.labels;
  return (
    <div className="card space-y-3 p-6" data-testid="overall-score">
      <p className="text-sm font-medium text-slate-700">{t.overallScore}</p>
      <p className="text-4xl font-bold text-slate-900">{cards.percent}</p>
      <ProgressBar percent={totalScore} label={t.overallScore} />
      <p className="font-semibold text-slate-900">{cards.band}</p>
      {children}
      {cards.gradingPending ? <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{cards.gradingPending}</p> : null}
    </div>
  );
}

export function SkillsCard({ cards: { skills, labels: t } }: { cards: ResultsCards }) {
  if (skills.length === 0) return null;
  return (
    <div className="card p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t.skills}</h2>
      <ul className="mt-3 divide-y divide-slate-200" data-testid="competencies">
        {skills.map(({ name, status, word }) => (
          <li key={name} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-slate-900">{name}</span>
            <span
              className={`rounded-full px-2 py-0.5 text-sm font-medium ${status === "mastered" ? "bg-emerald-100 text-emerald-900" : status === "not_mastered" ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-800"}`}
            >
              {word}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ModulesCard({ cards: { modules, labels: t } }: { cards: ResultsCards }) {
  if (modules.length === 0) return null;
  return (
    <div className="card p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t.moduleRecommendations}</h2>
      <ul className="mt-3 divide-y divide-slate-200" data-testid="modules">
        {modules.map(({ name, mastered, word }) => (
          <li key={name} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="text-slate-900">{name}</span>
            <span className={`rounded-full px-2 py-0.5 text-sm font-medium ${mastered ? "bg-emerald-100 text-emerald-900" : "bg-blue-100 text-blue-900"}`}>
              {word}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
