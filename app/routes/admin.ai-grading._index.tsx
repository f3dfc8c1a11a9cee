import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";

import { requireAdmin } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "AI Grading Review · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  return null;
}

/** the product's "Invalid Session" state: the review needs a session id in its address. */
export default function AiGradingWithoutSession() {
  return (
    <div className="mx-auto max-w-5xl">
      <Link to="/admin/tests" className="btn-ghost -ml-4 mb-4">
        <ArrowLeft aria-hidden="true" className="size-4" /> Back to Tests
      </Link>
      <h1 className="text-3xl font-bold text-slate-900">AI Grading Review</h1>
      <div role="alert" className="card mt-6 p-6">
        <h2 className="text-lg font-semibold text-slate-900">Invalid Session</h2>
        <p className="mt-1 text-slate-700">No session was given. Open the review from a session's results or the Test Sessions list.</p>
      </div>
    </div>
  );
}
