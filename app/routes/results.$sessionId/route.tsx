import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { AnswerList } from "~/components/results/answer-list";
import { ModulesCard, OverallScoreCard, SkillsCard } from "~/components/results/results-cards";
import { StudentErrorBoundary, StudentLayout } from "~/components/student-layout";
import { errorPageTitle } from "~/domain/shell/not-found";

import { loadResults } from "./results.server";

export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => [
  { title: data ? data.words.pageTitle : errorPageTitle(error, matches[0]?.data) },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return json(await loadResults(request, context, params.sessionId ?? ""), { headers: { "Cache-Control": "no-store" } });
}

/** The student's results, in plain words and their language (ADR 0045); teachers read theirs at /admin/results/{id} (ADR 0016). */
export default function Results() {
  const data = useLoaderData<typeof loader>();
  const { words: t, cards } = data;
  // The test page moves here in the app when the test ends: focus starts at the results' heading, not on <body>.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <StudentLayout>
      <section aria-labelledby="results-title" className="mx-auto max-w-3xl space-y-6">
        <header>
          <h1 id="results-title" ref={heading} tabIndex={-1} className="text-3xl font-bold text-slate-900 outline-none">
            {t.heading}
          </h1>
          <p className="mt-1 text-slate-700">
            {data.testTitle} · {t.mode}
            {t.ended ? ` · ${t.ended}` : ""}
          </p>
        </header>

        <OverallScoreCard totalScore={data.totalScore} cards={cards}>
          {data.earlyEndNote ? (
            <p className="rounded-md bg-slate-100 px-3 py-2 text-slate-900" data-testid="early-end-note">
              {data.earlyEndNote}
            </p>
          ) : null}
          <p className="text-slate-800" data-testid="scale-score">
            {t.scale}
          </p>
          {t.awaiting ? (
            <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900" data-testid="awaiting-teacher-count">
              {t.awaiting}
            </p>
          ) : null}
        </OverallScoreCard>
        <SkillsCard cards={cards} />
        <ModulesCard cards={cards} />
        <AnswerList answers={data.answers} cards={cards} title={t.yourAnswers} reviewedNote={t.reviewedByTeacher} awaitingNote={t.awaitingTeacher} />

        <nav aria-label={t.nextSteps} className="flex flex-wrap gap-3">
          <Link to="/" className="btn-outline min-h-11">
            {t.returnHome}
          </Link>
          {data.isStaff ? (
            <Link to={`/admin/ai-grading/${data.sessionId}`} className="btn-outline min-h-11">
              {t.reviewAiGrading}
            </Link>
          ) : null}
          <Link to={data.retakePath} className="btn-primary min-h-11">
            {t.retake}
          </Link>
        </nav>
      </section>
    </StudentLayout>
  );
}

export { StudentErrorBoundary as ErrorBoundary };
