import { Link } from "@remix-run/react";

import { LocalTime } from "~/components/local-time";
import { StudentName } from "~/components/student-name";
import { LOW_EFFORT_WARNING } from "~/domain/adaptive/effort";

import type { SessionCardData } from "./sessions.server";

/**
 * One test session: what was taken, by whom, when, and how it
 * went. Kept lean (no inline icons, classes set once on the list) because a page holds 50 cards.
 */
export function SessionCard({ session }: { session: SessionCardData }) {
  const titleId = `s-${session.id}`;
  return (
    <li className="card flex flex-col gap-3 p-4" data-testid="session-card">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold">
            {session.testTitle}
          </h2>
          {session.testSubject ? <p className="text-sm text-slate-700">{session.testSubject}</p> : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <span className={`chip text-xs font-medium ${session.completed ? "bg-emerald-100 text-emerald-800" : "bg-amber-100 text-amber-900"}`}>
            {session.completed ? "Completed" : "In Progress"}
          </span>
          {session.endedEarly ? (
            <span className="chip bg-slate-100 text-xs font-medium text-slate-800" data-testid="ended-early">
              Ended early by the student
            </span>
          ) : null}
          {session.takenIn ? (
            <span className="chip bg-slate-100 text-xs font-medium text-slate-800" data-testid="taken-in">
              {session.takenIn}
            </span>
          ) : null}
          {session.nonStandard ? (
            <span className="chip bg-amber-100 text-xs font-medium text-amber-900" data-testid="non-standard">
              Non-standard
            </span>
          ) : null}
          {session.lowEffort ? (
            <span className="chip bg-amber-100 text-xs font-medium text-amber-900" data-testid="low-effort" title={LOW_EFFORT_WARNING}>
              Low effort
            </span>
          ) : null}
          {session.score !== null ? <span className="text-lg font-bold">{session.score}</span> : null}
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm [&>dt]:text-slate-700">
        <dt>Student</dt>
        <dd className="break-all" data-testid="session-student">
          <StudentName name={session.studentName} id={session.userId} />
        </dd>
        <dt>Started</dt>
        <dd>
          <LocalTime time={session.started} />
        </dd>
        <dt>Duration</dt>
        <dd>{session.duration}</dd>
        <dt>Mode</dt>
        <dd>{session.mode}</dd>
        {session.accommodations ? (
          <>
            <dt>Accommodations</dt>
            <dd data-testid="session-accommodations">{session.accommodations}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Link to={`/results/${encodeURIComponent(session.id)}`} className="btn-outline" aria-describedby={titleId}>
          View Results
        </Link>
        {session.liveHref ? (
          <Link to={session.liveHref} className="btn-outline" aria-describedby={titleId} data-testid="session-live">
            Watch Live
          </Link>
        ) : null}
        {session.hasAiFeedback ? (
          <Link to={`/admin/ai-grading/${encodeURIComponent(session.id)}`} className="btn-outline" aria-describedby={titleId}>
            Review AI Grading
          </Link>
        ) : null}
      </div>
    </li>
  );
}
