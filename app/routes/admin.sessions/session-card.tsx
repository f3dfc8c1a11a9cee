import { Link } from "@remix-run/react";
import { Bot, FileText } from "lucide-react";

import type { SessionCardData } from "./sessions.server";

/** One test session (SPEC.md section 2 "Test Sessions"): what was taken, by whom, when, and how it went. */
export function SessionCard({ session }: { session: SessionCardData }) {
  const titleId = `session-${session.id}-title`;
  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="session-card" aria-labelledby={titleId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-slate-900">
            {session.testTitle}
          </h2>
          {session.testSubject ? <p className="text-sm text-slate-700">{session.testSubject}</p> : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span
            className={`chip text-xs font-medium ${session.completed ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900"}`}
          >
            {session.completed ? "Completed" : "In Progress"}
          </span>
          {session.score !== null ? (
            <span className="text-lg font-bold text-slate-900" data-testid="session-score">
              {session.score}
            </span>
          ) : null}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
        <dt>Student</dt>
        <dd className="break-all font-medium text-slate-900" data-testid="session-student">
          {session.userId}
        </dd>
        <dt>Started</dt>
        <dd className="text-slate-900">
          <time dateTime={session.startedAt}>{session.started}</time>
        </dd>
        <dt>Duration</dt>
        <dd className="text-slate-900">{session.duration}</dd>
        <dt>Mode</dt>
        <dd className="text-slate-900">{session.mode}</dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to={`/results/${encodeURIComponent(session.id)}`} className="btn-outline" aria-describedby={titleId}>
          <FileText aria-hidden="true" className="size-4" /> View Results
        </Link>
        {session.hasAiFeedback ? (
          <Link to={`/admin/ai-grading/${encodeURIComponent(session.id)}`} className="btn-outline" aria-describedby={titleId}>
            <Bot aria-hidden="true" className="size-4" /> Review AI Grading
          </Link>
        ) : null}
      </div>
    </li>
  );
}
