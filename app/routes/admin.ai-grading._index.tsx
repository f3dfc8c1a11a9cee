import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";

import { BackLink, PageHeader } from "~/components/page-header";
import { requireAllowed } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "AI Grading Review · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "session");
  return null;
}

/** the product's "Invalid Session" state: the review needs a session id in its address. */
export default function AiGradingWithoutSession() {
  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to="/admin/tests" label="Back to Tests" />
      <PageHeader title="AI Grading Review" />
      <div role="alert" className="card mt-6 p-6">
        <h2 className="text-lg font-semibold text-slate-900">Invalid Session</h2>
        <p className="mt-1 text-slate-700">No session was given. Open the review from a session's results or the Test Sessions list.</p>
      </div>
    </div>
  );
}
