import { Link } from "@remix-run/react";

import { DataTable } from "~/components/analytics/chart-figure";
import { StudentName } from "~/components/student-name";
import type { ClassAnalyticsReport } from "~/domain/analytics/report";

/** the product's struggling students, urgent first: below the 25th percentile and below 60% of the average is urgent. */
export function StrugglingStudents({ students }: { students: ClassAnalyticsReport["strugglingStudents"] }) {
  if (!students.length) return <p className="text-sm text-slate-700">No student is below the 25th percentile or below 60% of the class average.</p>;
  const urgent = students.filter((student) => student.needsHelp === "urgent");
  const monitor = students.filter((student) => student.needsHelp !== "urgent");
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {[
        { title: "Urgent", note: "Below the 25th percentile and below 60% of the class average", rows: urgent, badge: "bg-red-100 text-red-900" },
        { title: "Monitor", note: "Below the 25th percentile or below 60% of the class average", rows: monitor, badge: "bg-amber-100 text-amber-900" },
      ].map((group) => (
        <div key={group.title}>
          <h3 className="font-semibold text-slate-900">
            <span className={`chip mr-2 text-sm ${group.badge}`}>{group.title}</span>
            {group.rows.length} {group.rows.length === 1 ? "student" : "students"}
          </h3>
          <p className="mt-1 text-xs text-slate-700">{group.note}</p>
          {group.rows.length ? (
            <ul className="mt-2 divide-y divide-slate-100">
              {group.rows.map((student) => (
                <li key={student.sessionId} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <Link to={`/results/${student.sessionId}`} className="min-w-0 break-words text-brand-700 hover:underline">
                    <StudentName name={student.studentName} id={student.studentId} />
                  </Link>
                  <span className="tabular-nums text-slate-800">
                    {student.percentageScore}% · {student.questionsAnswered} answered{student.endedEarly ? " (ended early)" : ""} ·{" "}
                    {student.competenciesMastered} mastered
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/** the product's per-student performance, strongest first; in-progress sessions last. */
export function StudentPerformance({ students }: { students: ClassAnalyticsReport["studentPerformance"] }) {
  const rows = [...students].sort(
    (a, b) => Number(b.completed) - Number(a.completed) || b.percentageScore - a.percentageScore || a.studentId.localeCompare(b.studentId),
  );
  return (
    <DataTable
      caption="Per-student performance"
      headers={["Student", "Status", "Score", "Points", "Questions answered", "Competencies mastered", "Time"]}
      numeric={[2, 3, 4, 5, 6]}
      rows={rows.map((student) => [
        <Link key="student" to={`/results/${student.sessionId}`} className="text-brand-700 hover:underline">
          <StudentName name={student.studentName} id={student.studentId} />
        </Link>,
        <span key="status" className="whitespace-nowrap">
          {student.completed ? (student.endedEarly ? "Ended early by the student" : "Completed") : "In progress"}
          {student.nonStandard ? " · Non-standard" : ""}
        </span>,
        student.completed ? `${student.percentageScore}%` : "—",
        student.score,
        student.questionsAnswered,
        student.competenciesMastered,
        student.timeMinutes === null ? "—" : `${student.timeMinutes} min`,
      ])}
    />
  );
}
