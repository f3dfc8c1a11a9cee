import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ClipboardList, Plus } from "lucide-react";

import { TestCard } from "~/components/assessments/test-card";
import { PageHeader } from "~/components/page-header";
import { listTests } from "~/features/tests/use-cases.server";
import { requireAllowed } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "Test Configurations · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireAllowed(request, context, "read", "shared-content");
  const tests = await listTests(context, user);
  return json({
    tests: tests.map((test) => ({
      id: test.id,
      title: test.title,
      description: test.description,
      gradeLevel: test.gradeLevel,
      subject: test.subject,
      placementDuration: test.placementDuration,
      questionCount: test.questions.length,
    })),
  });
}

export default function TestList() {
  const { tests } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Test Configurations"
        subtitle="Manage your adaptive assessments"
        actions={
          <Link to="/admin/tests/create" className="btn-primary">
            <Plus aria-hidden="true" className="size-4" /> Create New Test
          </Link>
        }
      />
      {tests.length === 0 ? (
        <div className="card mt-8 flex flex-col items-center p-12 text-center">
          <ClipboardList aria-hidden="true" className="size-10 text-slate-400" />
          <h2 className="mt-3 text-lg font-semibold">No tests yet</h2>
          <p className="mt-1 text-sm text-slate-700">Create a test to start assessing your students.</p>
          <Link to="/admin/tests/create" className="btn-primary mt-4">
            Create Your First Test
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {tests.map((test) => (
            <TestCard key={test.id} test={test} />
          ))}
        </div>
      )}
    </div>
  );
}
