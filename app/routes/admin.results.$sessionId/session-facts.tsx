import type { ReactNode } from "react";

import { LocalTime } from "~/components/local-time";
import { completionNote, extraTimeNote, MODE_TITLES } from "~/domain/sessions/results-page";

import type { loadTeacherResults } from "./teacher-results.server";

type TeacherResultsData = Awaited<ReturnType<typeof loadTeacherResults>>;

/** Who took the session, in which class, on which test, when, and how it stands: what a teacher reads first. */
export function SessionFacts({ data }: { data: TeacherResultsData }) {
  const ended = data.endedEarly ? "ended early by the student" : completionNote(data.completedReason);
  const extraTime = extraTimeNote(data.extraMinutes);
  const rows: [string, ReactNode][] = [
    ["Student", data.studentName ?? "No name (started without a class)"],
    ["Student ID", data.studentId],
    ["Class", data.cohortName ?? "No class"],
    ["Test", `${data.testTitle} · ${MODE_TITLES[data.mode]}${data.takenIn ? ` · ${data.takenIn}` : ""}`],
    ["Started", <LocalTime key="started" time={data.started} />],
    ["Status", data.completed ? `Completed${ended ? `, ${ended}` : ""}` : "In progress: results so far"],
    ...(extraTime ? [["Extra time", extraTime] as [string, ReactNode]] : []),
    ["Questions answered", String(data.answers.length)],
    ["Accommodations", data.accommodations.length ? data.accommodations.join(", ") : "None"],
    [
      "Administration",
      data.nonStandardReasons.length
        ? `Non-standard (${data.nonStandardReasons.join(", ")}): the score stands for the student, but is left out of item calibration and class norms`
        : "Standard",
    ],
    ...(data.effort ? [["Effort", data.effort] as [string, ReactNode]] : []),
  ];
  return (
    <section aria-labelledby="session-facts-title" className="card p-6" data-testid="session-facts">
      <h2 id="session-facts-title" className="text-lg font-semibold text-slate-900">
        Session
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
