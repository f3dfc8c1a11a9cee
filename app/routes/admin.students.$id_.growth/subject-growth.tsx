import { Link } from "@remix-run/react";

import { ChartFigure, DataTable } from "~/components/analytics/chart-figure";
import { GROWTH_CHART_CAPTION, GrowthChart } from "~/components/growth/growth-chart";
import { LOW_EFFORT_WARNING } from "~/domain/adaptive/effort";
import { shortDate, windowDays } from "~/domain/growth/dates";
import { MARK_LABELS, scoreWithSe, signedGrowth } from "~/domain/growth/growth";
import { type ContentLanguage, takenInLabel } from "~/domain/questions/content-language";
import type { StudentGrowthSubject } from "~/services/growth.server";

type WindowRow = StudentGrowthSubject["windows"][number];
type SessionRow = WindowRow["sessions"][number];

/** The day the session's window counts it on: the district's (ADR 0041), whoever reads the page. */
const sessionDay = (session: { testedOn: string }) => shortDate(session.testedOn);

/** "Taken in Spanish" under a session of a Spanish test (ADR 0044); nothing for English. */
function takenIn(session: { language?: ContentLanguage }) {
  const label = session.language ? takenInLabel(session.language) : null;
  return label ? <span className="block text-xs text-slate-700">{label}</span> : null;
}

/** What a screen reader hears for the chart: each window's score, and the latest growth. */
function chartSummary(subject: StudentGrowthSubject): string {
  const scores = subject.windows.map((entry) => `${entry.name} ${entry.score ? entry.score.scaleScore.toFixed(1) : "no score"}`).join(", ");
  const latest = [...subject.windows].reverse().find((entry) => entry.growth);
  const from = latest?.growth ? subject.windows.find((entry) => entry.windowId === latest.growth!.fromWindowId)?.name : null;
  const growth =
    latest?.growth && from
      ? ` Growth from ${from} to ${latest.name}: ${signedGrowth(latest.growth.growth)}, ${latest.growth.beyondError ? "beyond" : "within"} measurement error.`
      : "";
  return `${subject.subject} scale scores by testing window: ${scores}.${growth}`;
}

/** The sessions of a window that are shown but not counted, each with why; the low-effort sentence a teacher must read. */
function Notes({ sessions }: { sessions: SessionRow[] }) {
  const uncounted = sessions.filter((session) => !session.counted);
  if (!uncounted.length) return null;
  return (
    <ul className="min-w-56 space-y-1">
      {uncounted.map((session) => (
        <li key={session.id} data-testid="growth-session-note">
          <span className="font-medium text-amber-900">{session.marks.map((mark) => MARK_LABELS[mark]).join(", ")}</span>: {sessionDay(session)},{" "}
          {session.testTitle}
          {takenIn(session)}
          {session.scaleScore !== null && session.se !== null ? `, ${scoreWithSe({ scaleScore: session.scaleScore, se: session.se })}` : ""}; not counted.
          {session.lowEffort ? <span className="block">{LOW_EFFORT_WARNING}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** One subject: the chart of its scores by window and the table with every figure and mark. */
export function SubjectGrowthSection({ studentId, givenName, subject }: { studentId: string; givenName: string; subject: StudentGrowthSubject }) {
  const headingId = `growth-${subject.subject.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}`;
  const scored = subject.windows.filter((entry) => entry.score).length;
  const nameOf = (windowId: string) => subject.windows.find((entry) => entry.windowId === windowId)?.name ?? "";
  return (
    <section className="card p-6" aria-labelledby={headingId} data-testid="growth-subject">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {subject.subject}
      </h2>
      {scored < 2 ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="growth-one-window">
          {scored === 0
            ? `No testing window has a counted ${subject.subject} score for ${givenName} yet.`
            : `Only one testing window has a ${subject.subject} score so far: growth shows once another window has one.`}
        </p>
      ) : null}
      <div className="mt-4">
        <ChartFigure
          label={`${subject.subject} growth chart`}
          caption={GROWTH_CHART_CAPTION}
          tableOpen
          chart={
            <GrowthChart
              summary={chartSummary(subject)}
              columns={subject.windows.map((entry) => ({
                label: entry.name,
                score: entry.score,
                uncounted: entry.sessions.flatMap((session) => (!session.counted && session.scaleScore !== null ? [session.scaleScore] : [])),
              }))}
            />
          }
          table={
            <DataTable
              caption={`${subject.subject}: score, growth and its measurement error in each testing window`}
              headers={["Window", "Date", "Score ± SE", "Growth", "SE of difference", "Beyond measurement error", "Not counted", "Family report"]}
              numeric={[2, 3, 4]}
              rows={subject.windows.map((entry) => {
                const scoreSession = entry.sessions.find((session) => session.id === entry.score?.sessionId);
                const reportable = entry.sessions.some((session) => session.completed && session.scaleScore !== null);
                return [
                  <>
                    {entry.name}
                    <span className="block whitespace-nowrap text-xs text-slate-700">{windowDays(entry)}</span>
                  </>,
                  scoreSession ? (
                    <>
                      <span className="whitespace-nowrap">{sessionDay(scoreSession)}</span>
                      {takenIn(scoreSession)}
                    </>
                  ) : (
                    "–"
                  ),
                  entry.score ? scoreWithSe(entry.score) : "No score",
                  entry.growth ? (
                    <>
                      {signedGrowth(entry.growth.growth)}
                      <span className="block text-xs text-slate-700">since {nameOf(entry.growth.fromWindowId)}</span>
                    </>
                  ) : (
                    "–"
                  ),
                  entry.growth ? entry.growth.seDifference.toFixed(1) : "–",
                  entry.growth ? (entry.growth.beyondError ? "Yes" : "No") : "–",
                  <Notes key="notes" sessions={entry.sessions} />,
                  reportable ? (
                    <Link to={`/admin/students/${studentId}/report?window=${encodeURIComponent(entry.windowId)}`} className="text-brand-700 hover:underline">
                      Family report<span className="sr-only"> for {entry.name}</span>
                    </Link>
                  ) : (
                    "–"
                  ),
                ];
              })}
            />
          }
        />
      </div>
    </section>
  );
}
