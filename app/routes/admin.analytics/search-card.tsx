import { Form } from "@remix-run/react";
import { Search } from "lucide-react";

import { FormField } from "~/components/form-field";

/** Shown only when no class is chosen; a GET form, so the choice lives in the URL. */
export function SearchCard({ testConfigId }: { testConfigId: string | null }) {
  return (
    <section aria-labelledby="find-class" className="card p-6">
      <h2 id="find-class" className="text-lg font-semibold text-slate-900">
        Find a class
      </h2>
      <p className="mt-1 text-sm text-slate-700">Open a class from Class Management, or enter its ID. The test ID narrows the report to one test.</p>
      <Form method="get" action="/admin/analytics" className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <FormField name="cohortId" label="Class ID" required autoComplete="off" />
        <FormField name="testConfigId" label="Test ID (optional)" autoComplete="off" defaultValue={testConfigId ?? ""} />
        <button type="submit" className="btn-primary">
          <Search aria-hidden="true" className="size-4" /> View Analytics
        </button>
      </Form>
    </section>
  );
}
