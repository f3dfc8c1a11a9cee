import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StudentLayout } from "~/components/student-layout";
import { formatTimeSpent } from "~/domain/sessions/time-spent";
import { loadResults } from "./results.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Results${data ? ` · ${data.testTitle}` : ""} · Adaptive Testing Engine` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return json(await loadResults(request, context, params.sessionId ?? ""), { headers: { "Cache-Control": "no-store" } });
}

/** SPEC.md section 9: overall 80 or more is strong, 60 or more good. */
function band(score: number): string {
  return score >= 80 ? "Strong result" : score >= 60 ? "Good result" : "Keep practising";
}

/** SPEC.md section 9: the bar is green at 80% or more, amber at 50% or more (else red). */
function barColour(percent: number): string {
  return percent >= 80 ? "bg-emerald-600" : percent >= 50 ? "bg-amber-500" : "bg-red-600";
}

const COMPETENCY_WORDS: Record<string, string> = { mastered: "Mastered", not_mastered: "Working towards it", not_assessed: "Not assessed" };

function ProgressBar({ percent, label }: { percent: number; label: string }) {
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(clamped)} className="h-3 w-full overflow-hidden rounded-full bg-slate-200">
      <div className={`h-full ${barColour(clamped)}`} style={{ width: `${clamped}%` }} />
    </div>
  );
}

export default function Results() {
  const data = useLoaderData<typeof loader>();
  // ±1.96 standard errors: the range the scale score is in with 95% confidence.
  const margin = Math.round(1.96 * data.scaleScoreSE);
  const scale = Math.round(data.scaleScore);
  return (
    <StudentLayout>
      <section aria-labelledby="results-title" className="mx-auto max-w-3xl space-y-6">
        <header>
          <h1 id="results-title" className="text-3xl font-bold text-slate-900">
            Your Results
          </h1>
          <p className="mt-1 text-slate-700">
            {data.testTitle} · {data.mode === "placement" ? "Placement Test" : "Diagnostic Test"}
            {data.completedReason === "time_up" ? " · finished when time ran out" : ""}
          </p>
        </header>

        <div className="card space-y-3 p-6" data-testid="overall-score">
          <p className="text-sm font-medium text-slate-700">Overall score</p>
          <p className="text-4xl font-bold text-slate-900">{Math.round(data.totalScore)}%</p>
          <ProgressBar percent={data.totalScore} label="Overall score" />
          <p className="font-semibold text-slate-900">{band(data.totalScore)}</p>
          {data.earlyEndNote ? (
            <p className="rounded-md bg-slate-100 px-3 py-2 text-slate-900" data-testid="early-end-note">
              {data.earlyEndNote}
            </p>
          ) : null}
          <p className="text-slate-800" data-testid="scale-score">
            Scale score {scale} (very likely between {scale - margin} and {scale + margin}: a range of ±1.96 standard errors, where the true score is 95% likely to be).
          </p>
          {data.gradingPending > 0 ? (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {data.gradingPending === 1 ? "1 answer is" : `${data.gradingPending} answers are`} still being graded. Refresh this page in a minute to see the final grade.
            </p>
          ) : null}
        </div>

        {data.competencies.length > 0 ? (
          <div className="card p-6">
            <h2 className="text-lg font-semibold text-slate-900">Skills</h2>
            <ul className="mt-3 divide-y divide-slate-200" data-testid="competencies">
              {data.competencies.map(([name, status]) => (
                <li key={name} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="text-slate-900">{name}</span>
                  <span className={`rounded-full px-2 py-0.5 text-sm font-medium ${status === "mastered" ? "bg-emerald-100 text-emerald-900" : status === "not_mastered" ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-800"}`}>
                    {COMPETENCY_WORDS[status] ?? status}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        {data.modules.length > 0 ? (
          <div className="card p-6">
            <h2 className="text-lg font-semibold text-slate-900">Module Recommendations</h2>
            <ul className="mt-3 divide-y divide-slate-200" data-testid="modules">
              {data.modules.map(([name, label]) => (
                <li key={name} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="text-slate-900">{name}</span>
                  <span className={`rounded-full px-2 py-0.5 text-sm font-medium ${label === "Mastered" ? "bg-emerald-100 text-emerald-900" : "bg-blue-100 text-blue-900"}`}>{label}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="card p-6">
          <h2 className="text-lg font-semibold text-slate-900">Your Answers</h2>
          {data.answers.length === 0 ? <p className="mt-2 text-slate-700">No questions were answered.</p> : null}
          <ol className="mt-3 space-y-4" data-testid="answer-results">
            {data.answers.map((answer, index) => {
              const percent = answer.maxPoints > 0 ? (answer.pointsEarned / answer.maxPoints) * 100 : 0;
              return (
                <li key={answer.id} className="rounded-md border border-slate-200 p-4">
                  <p className="font-medium text-slate-900">
                    {index + 1}. {answer.text}
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
                    <span>
                      {`${Math.round(answer.pointsEarned * 10) / 10} of ${answer.maxPoints} ${answer.maxPoints === 1 ? "point" : "points"}`}
                    </span>
                    {answer.provisional ? (
                      <span className="font-medium text-amber-900">Grading… refresh to see the final grade</span>
                    ) : (
                      <span className={`font-medium ${answer.wasCorrect ? "text-emerald-800" : "text-red-800"}`}>{answer.wasCorrect ? "✓ Correct" : "✗ Incorrect"}</span>
                    )}
                    <span>Time spent: {formatTimeSpent(answer.timeSpentSeconds)}</span>
                    {answer.gradingScore !== null ? <span>Grading score: {Math.round(answer.gradingScore)}/100</span> : null}
                    {answer.reviewedByTeacher ? (
                      <span className="font-medium text-blue-900" data-testid="teacher-reviewed">
                        Grade reviewed by your teacher
                      </span>
                    ) : null}
                    {answer.late ? <span>Answered after the question's time ran out</span> : null}
                  </p>
                  <div className="mt-2">
                    <ProgressBar percent={percent} label={`Question ${index + 1} points`} />
                  </div>
                  {answer.feedback ? <p className="mt-2 text-sm text-slate-800">{answer.feedback}</p> : null}
                </li>
              );
            })}
          </ol>
        </div>

        <nav aria-label="Next steps" className="flex flex-wrap gap-3">
          <Link to="/" className="btn-outline min-h-11">
            Return Home
          </Link>
          {data.isAdmin ? (
            <Link to={`/admin/ai-grading/${data.sessionId}`} className="btn-outline min-h-11">
              Review AI Grading
            </Link>
          ) : null}
          <Link to={data.retakePath} className="btn-primary min-h-11">
            Retake Test
          </Link>
        </nav>
      </section>
    </StudentLayout>
  );
}

export function ErrorBoundary() {
  return (
    <StudentLayout>
      <GeneralErrorBoundary />
    </StudentLayout>
  );
}
