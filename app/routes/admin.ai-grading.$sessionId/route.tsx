import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { FormAlert } from "~/components/action-result";
import { BackLink, PageHeader } from "~/components/page-header";
import { GRADING_REVIEW_MESSAGES, gradingReviewActionSchema } from "~/domain/sessions/grade-override";
import { studentLabel } from "~/domain/sessions/student-label";
import type { ActionResult } from "~/domain/shell/action-result";
import { confirmGrade, overrideGrade } from "~/features/sessions/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";

import { GradingLogCard } from "./grading-log-card";
import { loadGradingReviewPage } from "./grading-review.server";
import { SummaryCards } from "./summary-cards";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: `AI Grading Review${data?.state === "ready" ? ` · ${data.session.testTitle} · Student ${studentLabel(data.session)}` : ""} · Adaptive Testing Engine`,
  },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { user } = await requireAllowed(request, context, "read", "session");
  const data = await loadGradingReviewPage(request, context, params.sessionId ?? "", user);
  return json(data, { status: data.state === "error" ? 500 : 200, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { user: teacher } = await requireAllowed(request, context, "write", "session");
  const sessionId = params.sessionId ?? "";
  return handleAction(request, gradingReviewActionSchema, GRADING_REVIEW_MESSAGES, async (input) => {
    switch (input.intent) {
      case "override": {
        const { intent: _intent, ...override } = input;
        await overrideGrade(context, teacher, sessionId, override);
        return;
      }
      case "confirm":
        await confirmGrade(context, teacher, sessionId, input.questionId);
        return;
      default:
        return assertNever(input);
    }
  });
}

export default function AiGradingReview() {
  const data = useLoaderData<typeof loader>();
  // A form posted without JavaScript comes back here rather than to its card's fetcher.
  const posted = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/ai-grading/");

  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to="/admin/tests" label="Back to Tests" />
      <PageHeader
        title="AI Grading Review"
        subtitle={
          data.state === "ready" ? (
            <>
              {data.session.testTitle} · Student {studentLabel(data.session)} ·{" "}
              {data.session.endedEarly ? <span data-testid="ended-early">Ended early by the student · </span> : null}
              <Link to={`/results/${data.session.id}`} className="font-medium text-blue-800 underline underline-offset-2">
                View Results
              </Link>
            </>
          ) : null
        }
      />

      {loading ? (
        <p role="status" className="mt-6 rounded-md bg-blue-50 px-3 py-2 text-blue-900">
          Loading grading data…
        </p>
      ) : null}

      {data.state === "error" ? (
        <div role="alert" className="card mt-6 border-red-200 p-6">
          <h2 className="text-lg font-semibold text-red-800">Error Loading Grading Data</h2>
          <p className="mt-1 text-slate-800">{data.message}</p>
        </div>
      ) : (
        <div aria-busy={loading} className="mt-6 space-y-6">
          <FormAlert result={posted} />
          <SummaryCards summary={data.summary} model={data.model} />
          {data.logs.length === 0 ? (
            <p className="card p-8 text-center text-slate-700" data-testid="no-grading-logs">
              No AI grading logs for this session yet. Free-response, scenario and chat answers appear here once they are graded.
            </p>
          ) : (
            <ol className="space-y-6" aria-label="Grading logs">
              {data.logs.map((log, index) => (
                <li key={log.id}>
                  <GradingLogCard log={log} number={index + 1} />
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}
