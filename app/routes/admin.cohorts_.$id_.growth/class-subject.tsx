import { Link } from "@remix-run/react";

import { DataTable } from "~/components/analytics/chart-figure";
import { NOT_IN_NORMS_YET, ordinal } from "~/domain/growth/class-growth";
import { BEYOND_ERROR_RULE, MARK_LABELS, scoreWithSe, type SessionMark, signedGrowth } from "~/domain/growth/growth";
import type { ClassGrowthView } from "~/services/growth.server";

type Subject = ClassGrowthView["subjects"][number];
type Score = { scaleScore: number; se: number } | null;

/** A start or end: the score ± SE, or why there is none (a session that was not counted). */
function ScoreCell({ score, marks }: { score: Score; marks: SessionMark[] }) {
  if (score) return <>{scoreWithSe(score)}</>;
  if (!marks.length) return <>–</>;
  return (
    <>
      –<span className="block text-xs text-amber-900">{marks.map((mark) => MARK_LABELS[mark]).join(", ")}: not counted</span>
    </>
  );
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** One subject of the class view: the summary (median, how many beyond measurement error), the local-norms note and every student. */
export function ClassSubjectSection({
  subject,
  from,
  to,
  localNorms,
}: {
  subject: Subject;
  from: { name: string };
  to: { name: string };
  localNorms: ClassGrowthView["localNorms"];
}) {
  const headingId = `class-growth-${subject.subject.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}`;
  return (
    <section className="card p-6" aria-labelledby={headingId} data-testid="class-growth-subject">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {subject.subject}
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="class-growth-summary">
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">Median growth</dt>
          <dd className="text-2xl font-semibold text-slate-900">{subject.medianGrowth === null ? "–" : signedGrowth(subject.medianGrowth)}</dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">Grew beyond measurement error</dt>
          <dd className="text-2xl font-semibold text-slate-900">
            {subject.grewBeyondError} <span className="text-base font-normal text-slate-700">of {plural(subject.withGrowth, "student")}</span>
          </dd>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">Fell beyond measurement error</dt>
          <dd className="text-2xl font-semibold text-slate-900">{subject.fellBeyondError}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {subject.withGrowth} of {plural(subject.students.length, "student")} on the roster {subject.withGrowth === 1 ? "has" : "have"} a counted score in both
        windows. {BEYOND_ERROR_RULE}
      </p>
      <p className="mt-2 text-sm text-slate-700" data-testid="local-norms-note">
        {localNorms.note}{" "}
        {localNorms.pending ?? (
          <>
            {plural(subject.districtStudents, "student")} in the district had {subject.subject} scores in both windows when they were last computed.
          </>
        )}
      </p>
      <div className="mt-4">
        <DataTable
          caption={`${subject.subject}: each student's growth from ${from.name} to ${to.name}`}
          headers={["Student", `Start (${from.name})`, `End (${to.name})`, "Growth ± SE", "Beyond measurement error", "Local percentile"]}
          numeric={[1, 2, 3, 5]}
          rows={subject.students.map((student) => [
            <Link key="name" to={`/admin/students/${student.id}/growth`} className="text-brand-700 hover:underline">
              {student.name}
            </Link>,
            <ScoreCell key="start" score={student.start} marks={student.startMarks} />,
            <ScoreCell key="end" score={student.end} marks={student.endMarks} />,
            student.growth ? `${signedGrowth(student.growth.growth)} ± ${student.growth.seDifference.toFixed(1)}` : "–",
            student.growth ? (student.growth.beyondError ? (student.growth.growth > 0 ? "Yes, grew" : "Yes, fell") : "No") : "–",
            student.localPercentile !== null ? (
              ordinal(student.localPercentile)
            ) : student.growth && student.localBandSize === null ? (
              <span className="text-xs text-slate-700">{NOT_IN_NORMS_YET}</span>
            ) : student.growth ? (
              <span className="text-xs text-slate-700">Fewer than {localNorms.minimumStudents} nearby</span>
            ) : (
              "–"
            ),
          ])}
        />
      </div>
    </section>
  );
}
