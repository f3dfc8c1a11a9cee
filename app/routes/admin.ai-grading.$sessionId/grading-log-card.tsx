import { AlertTriangle, Flag } from "lucide-react";
import type { ReactNode } from "react";

import { LocalTime } from "~/components/local-time";
import { confidencePercent } from "~/domain/ai/confidence";
import { CONFIRMED_REASON } from "~/domain/sessions/grade-override";
import { costLabel, gradeHeading, isStrongGrade, reviewReasonWords, wasScreened } from "~/domain/sessions/grading-review";

import { AgreementNote } from "./agreement-note";
import { ConfirmForm } from "./confirm-form";
import type { PageLog } from "./grading-review.server";
import { OverrideForm } from "./override-form";

const TYPE_LABELS: Record<string, string> = {
  free_response: "Free response",
  scenario: "Scenario",
  chat: "Chat",
  multiple_choice: "Multiple choice",
  multiple_select: "Multiple select",
};

/** 80 or more in green, said in words too so colour is not the only sign. */
function Grade({ score, size = "base" }: { score: number | null; size?: "base" | "large" }) {
  if (score === null) return <span className="text-slate-700">No score</span>;
  const strong = isStrongGrade(score);
  return (
    <span
      className={`inline-flex items-baseline gap-2 rounded-md px-2 py-0.5 font-semibold ${size === "large" ? "text-2xl" : ""} ${strong ? "bg-emerald-50 text-emerald-800" : "text-slate-900"}`}
    >
      {Math.round(score * 10) / 10}/100
      {strong ? <span className="text-sm font-medium">80 or more</span> : null}
    </span>
  );
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

function Items({ items }: { items: string[] }) {
  if (items.length === 0) return <span className="text-slate-700">None</span>;
  return (
    <ul className="list-disc space-y-1 pl-5">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function Collapsed({ summary, text }: { summary: string; text: string | null }) {
  return (
    <details className="rounded-md border border-slate-200">
      <summary className="min-h-6 cursor-pointer px-3 py-2 text-sm font-medium text-slate-900">{summary}</summary>
      <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words border-t border-slate-200 bg-slate-50 p-3 text-xs text-slate-900">
        {text || "None (graded without a model)"}
      </pre>
    </details>
  );
}

/** One grading log: what was asked and answered, the grade and its reasons, its cost, and the teacher's overrides. */
export function GradingLogCard({ log, number }: { log: PageLog; number: number }) {
  const overridden = log.overrides.length > 0;
  const last = log.overrides.at(-1);
  const confirmed = last?.reason === CONFIRMED_REASON && last.score === log.score;
  const titleId = `log-${log.id}-title`;
  return (
    <article aria-labelledby={titleId} className="card space-y-4 p-6" data-testid="grading-log">
      <header className="flex flex-wrap items-start justify-between gap-4">
        {/* At least 16rem for the question: on a phone the grade goes under it rather than squeezing it. */}
        <div className="min-w-0 grow basis-64">
          <p className="text-sm font-medium text-slate-700">
            Answer {number} · {TYPE_LABELS[log.questionType] ?? log.questionType}
          </p>
          <h2 id={titleId} className="mt-1 text-lg font-semibold text-slate-900">
            {log.questionText}
          </h2>
        </div>
        <div className="text-right" data-testid="final-grade">
          <p className="text-sm font-medium text-slate-700">{gradeHeading({ confirmed, overridden, reviewReasons: log.reviewReasons })}</p>
          <Grade score={log.finalScore} size="large" />
        </div>
      </header>

      {log.flaggedForReview ? (
        <div role="note" className="flex gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950" data-testid="flagged">
          <Flag aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">Flagged for review</p>
            {wasScreened(log.flaggedForReview, log.reviewReasons) ? (
              <p className="text-sm">The answer was screened before grading: part of it looked like an attempt to instruct the grader and was left out.</p>
            ) : null}
            {log.reviewReasons.length ? (
              <ul className="mt-1 list-disc pl-5 text-sm">
                {log.reviewReasons.map((reason) => (
                  <li key={reason}>{reviewReasonWords(reason, log.confidence)}</li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}

      {log.error ? (
        <div role="note" className="flex gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">Grading Error</p>
            <p className="text-sm">{log.error}</p>
          </div>
        </div>
      ) : null}

      <dl className="grid gap-4 sm:grid-cols-2">
        <Field label="Student answer" wide>
          <p className="whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3">{log.studentAnswer || "(no answer)"}</p>
        </Field>
        <Field label={overridden ? "Model's score" : "Score"}>
          <Grade score={log.score} />
          {log.confidence !== null ? (
            <span className="ml-2 text-sm text-slate-700" data-testid="confidence">
              Confidence {confidencePercent(log.confidence)}
            </span>
          ) : null}
        </Field>
        <Field label="Model">{log.aiModel === "offline" ? "Offline grader (no AI model configured)" : log.aiModel}</Field>
        <Field label="Feedback" wide>
          {log.feedback || <span className="text-slate-700">None</span>}
        </Field>
        <Field label="Key points">
          <Items items={log.keyPoints} />
        </Field>
        <Field label="Strengths">
          <Items items={log.strengths} />
        </Field>
        <Field label="Improvements">
          <Items items={log.improvements} />
        </Field>
        <Field label="Graded at">
          <LocalTime time={log.gradedAt} />
        </Field>
        <Field label="Tokens">
          {log.totalTokens.toLocaleString("en-US")} ({log.cost.inputTokens.toLocaleString("en-US")} in, {log.cost.outputTokens.toLocaleString("en-US")} out,{" "}
          {log.cost.reasoningTokens.toLocaleString("en-US")} reasoning)
        </Field>
        <Field label="Cost">{costLabel(log.aiModel, log.cost.totalCost)}</Field>
      </dl>

      <div className="space-y-2">
        <Collapsed summary="Rubric" text={log.rubric} />
        <Collapsed summary="Prompt sent" text={log.promptSent} />
        <Collapsed summary="Raw response" text={log.rawResponse} />
      </div>

      {overridden ? (
        <section aria-label="Override history">
          <h3 className="font-semibold text-slate-900">Override history</h3>
          <ol className="mt-2 space-y-1 text-sm text-slate-900" data-testid="override-history">
            {log.overrides.map((override, index) => (
              <li key={index}>
                <strong>{override.score}</strong> (was {override.previousScore ?? "no score"}) by {override.overriddenByName},{" "}
                <LocalTime time={override.createdAt} />: {override.reason}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {log.questionId && log.agreement ? <AgreementNote agreement={log.agreement} questionId={log.questionId} /> : null}

      {/* Agreeing is offered on a grader's grade still in force: a teacher's own grade needs no second opinion from them. */}
      {log.questionId ? <ConfirmForm logId={log.id} questionId={log.questionId} offered={log.score !== null && !overridden} /> : null}
      {log.questionId ? <OverrideForm logId={log.id} questionId={log.questionId} /> : null}
    </article>
  );
}
