import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { Lightbulb } from "lucide-react";

import { FormAlert, useActionResult } from "~/components/action-result";
import { EMPTY_TEST_DETAILS, TestDetailsFields } from "~/components/assessments/test-details-fields";
import { focusFirstInvalid } from "~/components/focus-invalid";
import { BackLink, PageHeader } from "~/components/page-header";
import { CREATE_TEST_MESSAGES, createTestActionSchema } from "~/domain/assessments/screen-actions";
import type { ActionResult } from "~/domain/shell/action-result";
import { createTest } from "~/features/tests/use-cases.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Create New Test · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "shared-content");
  return null;
}

/** A plain form post, so creating a test works before (or without) JavaScript. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user: admin } = await requireAllowed(request, context, "author", "shared-content");
  return handleAction(request, createTestActionSchema, CREATE_TEST_MESSAGES, async ({ intent: _intent, ...details }) => {
    await createTest(context, admin, { ...details, showFeedback: true, questions: [] });
    return redirectWithToast(request, context, "/admin/tests", CREATE_TEST_MESSAGES.intents.create.success);
  });
}

const NEXT_STEPS = [
  "Questions (multiple choice, free response, scenarios)",
  "Competency mappings and prerequisites",
  "AI grading rubrics for open-ended questions",
  "Adaptive logic and progression rules",
];

export default function CreateTest() {
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useActionResult({ data: result, state: navigation.state }, { toastFieldErrors: false, onFailure: () => focusFirstInvalid(document) });
  const failed = result && !result.ok ? result : undefined;

  return (
    <div className="mx-auto max-w-3xl">
      <BackLink to="/admin/tests" label="Back to Tests" />
      <PageHeader title="Create New Test" subtitle="Configure a new adaptive assessment" />

      <Form method="post" noValidate className="card mt-6 space-y-6 p-6">
        <TestDetailsFields values={{ ...EMPTY_TEST_DETAILS, ...failed?.values }} errors={failed?.fieldErrors} />
        <input type="hidden" name="intent" value="create" />
        <FormAlert result={failed?.fieldErrors && Object.keys(failed.fieldErrors).length ? undefined : failed} />
        <aside className="rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800" aria-labelledby="next-steps">
          <h2 id="next-steps" className="flex items-center gap-2 font-semibold">
            <Lightbulb aria-hidden="true" className="size-4 text-brand-700" /> Next Steps
          </h2>
          <p className="mt-1">After creating the test, you can add:</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
        </aside>
        <div className="flex justify-end gap-2">
          <Link to="/admin/tests" className="btn-outline">
            Cancel
          </Link>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Creating..." : "Create Test"}
          </button>
        </div>
      </Form>
    </div>
  );
}
