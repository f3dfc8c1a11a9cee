import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GitBranch, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { ConfirmDeleteDialog } from "~/components/dialog";
import { PageHeader } from "~/components/page-header";
import { useEditDialog } from "~/components/use-edit-dialog";
import { COMPETENCY_MESSAGES, competencyActionSchema } from "~/domain/curriculum/screen-actions";
import { gradeLabel } from "~/domain/grade-label";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { assertNever } from "~/lib/assert-never";
import { found } from "~/lib/errors";
import { deleteCompetency, listCompetencies, listModules, saveCompetency } from "~/models/competencies.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";

import { CompetencyDialog, type CompetencyValues } from "./competency-dialog";

export const meta: MetaFunction = () => [{ title: "Competency Manager · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "shared-content");
  const [competencies, modules] = await Promise.all([listCompetencies(context.db), listModules(context.db)]);
  return json({ competencies, modules });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAllowed(request, context, "author", "shared-content");
  const { db } = context;
  return handleAction(request, competencyActionSchema, COMPETENCY_MESSAGES, async (input) => {
    switch (input.intent) {
      case "create":
        await saveCompetency(db, null, input.values);
        return;
      case "update":
        found(await saveCompetency(db, input.id, input.values), NOT_FOUND.competency);
        return;
      case "delete":
        found(await deleteCompetency(db, input.id), NOT_FOUND.competency);
        return;
      default:
        return assertNever(input);
    }
  });
}

export default function CompetencyManager() {
  const { competencies, modules } = useLoaderData<typeof loader>();
  const { fetcher, busy, submitIntent } = useIntentFetcher();
  const { editing, openNew, openEdit, close } = useEditDialog<CompetencyValues & { id: string }>();
  const [deleting, setDeleting] = useState<(typeof competencies)[number] | null>(null);
  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.intent !== "delete") close();
    },
  });

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Competency Manager"
        subtitle="The skills your questions assess, grouped in modules"
        actions={
          <div className="flex gap-2">
            <Link to="/admin/prerequisites" className="btn-outline">
              <GitBranch aria-hidden="true" className="size-4" /> Prerequisites
            </Link>
            <button type="button" className="btn-primary" onClick={openNew}>
              <Plus aria-hidden="true" className="size-4" /> New Competency
            </button>
          </div>
        }
      />
      {competencies.length === 0 ? <p className="card mt-6 p-8 text-center text-slate-700">No competencies yet. Create the first one.</p> : null}
      <ul className="mt-6 grid gap-3 md:grid-cols-2">
        {competencies.map((competency) => (
          <li key={competency.id} className="card flex items-start gap-3 p-4" data-testid="competency-card">
            <div className="min-w-0 flex-1">
              <h2 className="font-medium text-slate-900">{competency.description}</h2>
              <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-700">
                <span>{competency.moduleName ?? "No module"}</span>
                {competency.gradeLevel ? <span>{gradeLabel(competency.gradeLevel)}</span> : null}
                {competency.subject ? <span>{competency.subject}</span> : null}
                <span>
                  {competency.questionCount} {competency.questionCount === 1 ? "question" : "questions"}
                </span>
              </p>
            </div>
            <button type="button" className="btn-ghost px-2" aria-label={`Edit ${competency.description}`} onClick={() => openEdit({ ...competency })}>
              <Pencil aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className="btn-ghost px-2 text-red-700"
              aria-label={`Delete ${competency.description}`}
              disabled={busy}
              onClick={() => setDeleting(competency)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ul>
      {editing ? (
        <CompetencyDialog
          key={editing.key}
          initial={editing.record}
          modules={modules}
          busy={busy}
          onClose={close}
          onSubmit={(values) => submitIntent(editing.record ? { intent: "update", id: editing.record.id, values } : { intent: "create", values })}
        />
      ) : null}
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(item) => submitIntent({ intent: "delete", id: item.id })}
        describe={(item) =>
          `"${item.description}" is linked to ${item.questionCount} ${item.questionCount === 1 ? "question" : "questions"}. Deleting it removes those links, its prerequisites and its curriculum memberships. The questions themselves stay.`
        }
        confirmLabel="Delete Competency"
      />
    </div>
  );
}
