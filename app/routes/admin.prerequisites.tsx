import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ArrowRight, Plus, Trash2 } from "lucide-react";
import { useState } from "react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { Dialog, DialogActions } from "~/components/dialog";
import { FieldError, useFieldError } from "~/components/form-field";
import { BackLink, PageHeader } from "~/components/page-header";
import { PREREQUISITE_MESSAGES, prerequisiteActionSchema } from "~/domain/curriculum/screen-actions";
import { NOT_FOUND, refuseMissing } from "~/domain/shell/not-found";
import { assertNever } from "~/lib/assert-never";
import { found } from "~/lib/errors";
import { addPrerequisite, deletePrerequisite, listCompetencies, listPrerequisites } from "~/models/competencies.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";

export const meta: MetaFunction = () => [{ title: "Prerequisites Manager · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "shared-content");
  const [competencies, prerequisites] = await Promise.all([listCompetencies(context.db), listPrerequisites(context.db)]);
  return json({ competencies: competencies.map(({ id, description }) => ({ id, description })), prerequisites });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAllowed(request, context, "author", "shared-content");
  return handleAction(request, prerequisiteActionSchema, PREREQUISITE_MESSAGES, async (input) => {
    switch (input.intent) {
      case "add":
        refuseMissing(await addPrerequisite(context.db, input.competencyId, input.prerequisiteId));
        return;
      case "remove":
        found(await deletePrerequisite(context.db, input.id), NOT_FOUND.prerequisite);
        return;
      default:
        return assertNever(input);
    }
  });
}

export default function PrerequisitesManager() {
  const { competencies, prerequisites } = useLoaderData<typeof loader>();
  const { fetcher, busy } = useIntentFetcher();
  const [open, setOpen] = useState(false);
  const [competencyId, setCompetencyId] = useState("");
  const [prerequisiteId, setPrerequisiteId] = useState("");
  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.intent !== "add") return;
      // The dialog resets its selections on success.
      setCompetencyId("");
      setPrerequisiteId("");
      setOpen(false);
    },
  });

  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to="/admin/competencies" label="Back to Competencies" />
      <PageHeader
        title="Prerequisites Manager"
        subtitle="Which competencies a student needs before another"
        actions={
          <button type="button" className="btn-primary" onClick={() => setOpen(true)}>
            <Plus aria-hidden="true" className="size-4" /> Add Prerequisite
          </button>
        }
      />
      {prerequisites.length === 0 ? <p className="card mt-6 p-8 text-center text-slate-700">No prerequisites yet.</p> : null}
      <ul className="mt-6 space-y-2">
        {prerequisites.map((row) => (
          <li key={row.id} className="card flex items-center gap-3 p-4" data-testid="prerequisite-row">
            <span className="flex flex-1 flex-wrap items-center gap-2 text-sm">
              <span className="font-medium text-slate-900">{row.prerequisiteDescription}</span>
              <ArrowRight aria-label="comes before" className="size-4 text-slate-500" />
              <span className="font-medium text-slate-900">{row.competencyDescription}</span>
            </span>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={row.id} />
              <button
                type="submit"
                className="btn-ghost px-2 text-red-700"
                aria-label={`Remove ${row.prerequisiteDescription} as a prerequisite of ${row.competencyDescription}`}
                // One change at a time: a second request on this fetcher would cancel the first.
                disabled={busy}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </fetcher.Form>
          </li>
        ))}
      </ul>
      <Dialog open={open} onClose={() => setOpen(false)} title="Add Prerequisite" description="A student should master the prerequisite before the competency.">
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="add" />
          <PrerequisiteSelects
            competencies={competencies}
            competencyId={competencyId}
            prerequisiteId={prerequisiteId}
            onCompetencyChange={(id) => {
              setCompetencyId(id);
              if (id === prerequisiteId) setPrerequisiteId("");
            }}
            onPrerequisiteChange={setPrerequisiteId}
          />
          <DialogActions onCancel={() => setOpen(false)} submitLabel="Add Prerequisite" busy={busy} />
        </fetcher.Form>
      </Dialog>
    </div>
  );
}

/** The dialog's two selections; inside the dialog, so the server's refusal of either shows beside it. */
function PrerequisiteSelects({
  competencies,
  competencyId,
  prerequisiteId,
  onCompetencyChange,
  onPrerequisiteChange,
}: {
  competencies: { id: string; description: string }[];
  competencyId: string;
  prerequisiteId: string;
  onCompetencyChange: (id: string) => void;
  onPrerequisiteChange: (id: string) => void;
}) {
  return (
    <>
      <CompetencySelect
        id="prerequisite-competency"
        name="competencyId"
        label="Competency"
        placeholder="Select a competency"
        competencies={competencies}
        value={competencyId}
        onChange={onCompetencyChange}
      />
      {/* A competency cannot be its own prerequisite. */}
      <CompetencySelect
        id="prerequisite-prerequisite"
        name="prerequisiteId"
        label="Prerequisite"
        placeholder="Select its prerequisite"
        competencies={competencies.filter((competency) => competency.id !== competencyId)}
        value={prerequisiteId}
        onChange={onPrerequisiteChange}
      />
    </>
  );
}

/** One labelled competency select, with the server's refusal of its field beside it. */
function CompetencySelect({
  id,
  name,
  label,
  placeholder,
  competencies,
  value,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  placeholder: string;
  competencies: { id: string; description: string }[];
  value: string;
  onChange: (id: string) => void;
}) {
  const fieldError = useFieldError(id, name);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} className="input mt-1" value={value} {...fieldError.controlProps} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {competencies.map((competency) => (
          <option key={competency.id} value={competency.id}>
            {competency.description}
          </option>
        ))}
      </select>
      <FieldError id={fieldError.errorId} error={fieldError.error} />
    </div>
  );
}
