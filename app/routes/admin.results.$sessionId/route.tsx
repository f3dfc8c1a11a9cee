import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";

import { BackLink, PageHeader } from "~/components/page-header";
import { AnswerList } from "~/components/results/answer-list";
import { ModulesCard, OverallScoreCard, SkillsCard } from "~/components/results/results-cards";
import { TEACHER_AWAITING_NOTE, teacherAwaitingSentence } from "~/domain/sessions/grading-review";
import { scaleScoreRange } from "~/domain/sessions/results-page";
import { requireAllowed } from "~/services/auth.server";

import { SessionFacts } from "./session-facts";
import { loadTeacherResults } from "./teacher-results.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Results${data ? ` · ${data.studentName ?? data.studentId} · ${data.testTitle}` : ""} · Adaptive Testing Engine` },
];

/** /results/{id} sends an admin here for somebody else's session: the same results, in the admin shell, with the teacher's figures (ADR 0016). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user: teacher } = await requireAllowed(request, context, "read", "session");
  return json(await loadTeacherResults(request, context, params.sessionId ?? "", teacher), { headers: { "Cache-Control": "no-store" } });
}

export default function TeacherResults() {
  const data = useLoaderData<typeof loader>();
  const range = scaleScoreRange(data.scaleScore, data.scaleScoreSE);
  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to="/admin/sessions" label="Back to Test Sessions" />
      <PageHeader
        title={`Results: ${data.studentName ?? data.studentId}`}
        subtitle={`${data.testTitle} · ${data.cohortName ?? "No class"}`}
        actions={
          <Link to={`/admin/ai-grading/${encodeURIComponent(data.sessionId)}`} className="btn-outline">
            Review AI Grading
          </Link>
        }
      />
      <div className="mt-6 space-y-6">
        <SessionFacts data={data} />
        <OverallScoreCard totalScore={data.totalScore} cards={data.cards}>
          <p className="text-slate-800" data-testid="scale-score">
            Scale score {range.score}, standard error {data.scaleScoreSE}: 95% range {range.low}–{range.high} (±1.96 standard errors).
          </p>
          {data.awaitingTeacher > 0 ? (
            <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900" data-testid="awaiting-teacher-count">
              {teacherAwaitingSentence(data.awaitingTeacher)}
            </p>
          ) : null}
        </OverallScoreCard>
        <SkillsCard cards={data.cards} />
        <ModulesCard cards={data.cards} />
        <AnswerList
          answers={data.answers}
          cards={data.cards}
          title="Answers"
          reviewedNote="Grade overridden by a teacher"
          awaitingNote={TEACHER_AWAITING_NOTE}
        />
      </div>
    </div>
  );
}
