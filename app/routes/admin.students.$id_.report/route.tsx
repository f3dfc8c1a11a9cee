import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Printer } from "lucide-react";

import { gradeLabel } from "~/domain/grade-label";
import { longDate } from "~/domain/growth/dates";
import { SCALE_SCORE_EXPLAINED } from "~/domain/growth/family-report";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { studentDisplayName } from "~/domain/students/student";
import { requireAllowed } from "~/services/auth.server";
import { loadFamilyReport } from "~/services/growth.server";
import { notFoundPage } from "~/services/http-errors.server";

import reportStyles from "./report.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Family report · ${studentDisplayName(data.student)} · ${data.window.name}` : "Family report · Adaptive Testing Engine" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles, media: "print" }];

/**
 * A report for a student's family about one testing window, in plain words, to print or save as a
 * PDF: printed, it is the report alone, without the admin shell. Recorded in the audit log.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user: teacher, scope } = await requireAllowed(request, context, "read", "report");
  const id = params.id ?? "";
  const windowId = new URL(request.url).searchParams.get("window") ?? "";
  const report = await loadFamilyReport(context.db, teacher, id, windowId, scope);
  if (!report) throw notFoundPage(NOT_FOUND.student, { to: "/admin/students", label: "Back to Students" });
  if ("missing" in report) throw notFoundPage(NOT_FOUND.testingWindow, { to: `/admin/students/${id}/growth`, label: "Back to Growth" });
  return json(report);
}

export default function FamilyReport() {
  const { student, window: testingWindow, sections } = useLoaderData<typeof loader>();
  const name = studentDisplayName(student);
  return (
    <div className="mx-auto max-w-3xl">
      <div className="report-screen-only mb-6 flex flex-wrap items-center justify-between gap-3">
        <Link to={`/admin/students/${student.id}/growth`} className="btn-ghost -ml-4">
          Back to Growth
        </Link>
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-4" /> Print Report
        </button>
      </div>
      <article className="family-report card space-y-6 p-6 text-slate-900 md:p-8" aria-labelledby="family-report-title">
        <header>
          <p className="text-sm text-slate-700">Family report · {testingWindow.name}</p>
          <h1 id="family-report-title" className="mt-1 text-3xl font-bold">
            {name}
          </h1>
          <p className="mt-1 text-slate-700">
            {gradeLabel(student.grade) ?? "No grade"} · Testing window {testingWindow.name}, {longDate(testingWindow.startsOn)} to{" "}
            {longDate(testingWindow.endsOn)}
          </p>
        </header>
        {sections.length === 0 ? (
          <p data-testid="report-empty">
            {student.givenName} has no finished test in the {testingWindow.name} testing window, so there is nothing to report for it.
          </p>
        ) : (
          <>
            <section aria-labelledby="report-scale-score">
              <h2 id="report-scale-score" className="text-xl font-semibold">
                What a scale score is
              </h2>
              <p className="mt-2 leading-relaxed">{SCALE_SCORE_EXPLAINED}</p>
            </section>
            {sections.map((section, index) => (
              <section key={section.subject} aria-labelledby={`report-subject-${index}`} className="report-subject space-y-3" data-testid="report-subject">
                <h2 id={`report-subject-${index}`} className="text-xl font-semibold">
                  {section.subject}
                </h2>
                <p className="leading-relaxed">
                  <strong>What was measured:</strong> {section.subject}, with the test &ldquo;{section.testTitle}&rdquo; on {section.testedOn}.
                </p>
                <p className="rounded-md border border-slate-300 p-4 text-lg leading-relaxed" data-testid="report-score">
                  {section.scoreSentence}
                </p>
                <p className="leading-relaxed" data-testid="report-growth">
                  <strong>Growth:</strong> {section.growthSentence}
                </p>
                <div>
                  <h3 className="font-semibold">What to practice next</h3>
                  {section.practise.length ? (
                    <ul className="mt-1 list-disc pl-6" data-testid="report-practice">
                      {section.practise.map((module) => (
                        <li key={module}>{module}</li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-1">The test did not point to a topic to practice next: ask {student.givenName}&apos;s teacher what to work on.</p>
                  )}
                  {section.mastered.length ? <p className="mt-2">Already mastered: {section.mastered.join(", ")}.</p> : null}
                </div>
                {section.notes.map((note) => (
                  <p key={note} className="rounded-md border-l-4 border-amber-700 bg-amber-50 p-3 leading-relaxed" data-testid="report-note">
                    <strong>Please note:</strong> {note}
                  </p>
                ))}
              </section>
            ))}
          </>
        )}
        <footer className="border-t border-slate-300 pt-4 text-sm text-slate-700">
          Questions about this report? {student.givenName}&apos;s teacher can explain the scores and what to practice at home.
        </footer>
      </article>
    </div>
  );
}
