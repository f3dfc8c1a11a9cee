import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Printer } from "lucide-react";

import { NOT_FOUND } from "~/domain/shell/not-found";
import { studentDisplayName } from "~/domain/students/student";
import { requireAllowed } from "~/services/auth.server";
import { loadFamilyReport } from "~/services/growth.server";
import { notFoundPage } from "~/services/http-errors.server";

import reportStyles from "./report.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? data.words.pageTitle : "Family report · Adaptive Testing Engine" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles, media: "print" }];

/**
 * A report for a student's family about one testing window, in plain words, to print or save as a
 * PDF: printed, it is the report alone, without the admin shell. Recorded in the audit log. Its
 * body is in the family's language (ADR 0045): `?lang=es` or `?lang=en` (the report's switch), else
 * the student record's; the staff screen around it stays English.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user: teacher, scope } = await requireAllowed(request, context, "read", "report");
  const id = params.id ?? "";
  const query = new URL(request.url).searchParams;
  const windowId = query.get("window") ?? "";
  const report = await loadFamilyReport(context.db, teacher, id, windowId, scope, query.get("lang"));
  if (!report) throw notFoundPage(NOT_FOUND.student, { to: "/admin/students", label: "Back to Students" });
  if ("missing" in report) throw notFoundPage(NOT_FOUND.testingWindow, { to: `/admin/students/${id}/growth`, label: "Back to Growth" });
  return json(report);
}

export default function FamilyReport() {
  const { student, window: testingWindow, sections, locale, messages, words } = useLoaderData<typeof loader>();
  const t = messages.family;
  const other = locale === "es" ? "en" : "es";
  return (
    <div className="mx-auto max-w-3xl">
      <div className="report-screen-only mb-6 flex flex-wrap items-center justify-between gap-3" lang="en">
        <Link to={`/admin/students/${student.id}/growth`} className="btn-ghost -ml-4">
          Back to Growth
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          {/* A plain link, so it works without JavaScript: the same report in the family's other language. */}
          <a
            href={`?window=${encodeURIComponent(testingWindow.id)}&lang=${other}`}
            lang={other}
            aria-label={t.otherLanguageName}
            className="btn-outline"
            data-testid="report-language"
          >
            {t.otherLanguage}
          </a>
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-4" /> Print Report
          </button>
        </div>
      </div>
      <article className="family-report card space-y-6 p-6 text-slate-900 md:p-8" aria-labelledby="family-report-title" lang={words.lang}>
        <header>
          <p className="text-sm text-slate-700">{words.kicker}</p>
          <h1 id="family-report-title" className="mt-1 text-3xl font-bold">
            {studentDisplayName(student)}
          </h1>
          <p className="mt-1 text-slate-700">
            {words.grade} · {words.windowDays}
          </p>
        </header>
        {sections.length === 0 ? (
          <p data-testid="report-empty">{words.empty}</p>
        ) : (
          <>
            <section aria-labelledby="report-scale-score">
              <h2 id="report-scale-score" className="text-xl font-semibold">
                {t.scaleScoreHeading}
              </h2>
              <p className="mt-2 leading-relaxed">{t.scaleScoreExplained}</p>
            </section>
            {sections.map((section, index) => (
              <section key={section.subject} aria-labelledby={`report-subject-${index}`} className="report-subject space-y-3" data-testid="report-subject">
                <h2 id={`report-subject-${index}`} className="text-xl font-semibold">
                  {section.subject}
                </h2>
                <p className="leading-relaxed">
                  <strong>{t.measuredLabel}</strong> {section.measured}
                </p>
                <p className="rounded-md border border-slate-300 p-4 text-lg leading-relaxed" data-testid="report-score">
                  {section.scoreSentence}
                </p>
                <p className="leading-relaxed" data-testid="report-growth">
                  <strong>{t.growthLabel}</strong> {section.growthSentence}
                </p>
                <div>
                  <h3 className="font-semibold">{t.practiceHeading}</h3>
                  {section.practise.length ? (
                    <ul className="mt-1 list-disc pl-6" data-testid="report-practice">
                      {section.practise.map((module) => (
                        <li key={module}>{module}</li>
                      ))}
                    </ul>
                  ) : (
                    <p className="mt-1">{words.noPractice}</p>
                  )}
                  {section.masteredSentence ? <p className="mt-2">{section.masteredSentence}</p> : null}
                </div>
                {section.notes.map((note) => (
                  <p key={note} className="rounded-md border-l-4 border-amber-700 bg-amber-50 p-3 leading-relaxed" data-testid="report-note">
                    <strong>{t.noteLabel}</strong> {note}
                  </p>
                ))}
              </section>
            ))}
          </>
        )}
        <footer className="border-t border-slate-300 pt-4 text-sm text-slate-700">{words.footer}</footer>
      </article>
    </div>
  );
}
