import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useFetchers, useLoaderData } from "@remix-run/react";
import { ListChecks, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { ConfirmDeleteDialog } from "~/components/dialog";
import { PageHeader } from "~/components/page-header";
import { useEditDialog } from "~/components/use-edit-dialog";
import { asMembershipChange, type MembershipChange, pendingMembers } from "~/domain/curriculum/curriculum-membership";
import { CURRICULUM_MESSAGES, curriculumActionSchema } from "~/domain/curriculum/screen-actions";
import { gradeLabel } from "~/domain/grade-label";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { assertNever } from "~/lib/assert-never";
import { found } from "~/lib/errors";
import { listCompetencies } from "~/models/competencies.server";
import {
  addAllCompetencies,
  addCurriculumCompetency,
  createCurriculum,
  curriculumExists,
  deleteCurriculum,
  listCurriculums,
  removeAllCompetencies,
  removeCurriculumCompetency,
  updateCurriculum,
} from "~/models/curriculums.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";

import { CurriculumDialog, type CurriculumValues } from "./curriculum-dialog";
import { ManageCompetenciesDialog } from "./manage-competencies-dialog";

export const meta: MetaFunction = () => [{ title: "Curriculums · Adaptive Testing Engine" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "read", "shared-content");
  const [curriculums, competencies] = await Promise.all([listCurriculums(context.db), listCompetencies(context.db)]);
  return json({ curriculums, competencies: competencies.map(({ id, description }) => ({ id, description })) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAllowed(request, context, "author", "shared-content");
  const { db } = context;
  return handleAction(request, curriculumActionSchema, CURRICULUM_MESSAGES, async (input) => {
    switch (input.intent) {
      case "create":
        await createCurriculum(db, input.values);
        return;
      case "update":
        found(await updateCurriculum(db, input.id, input.values), NOT_FOUND.curriculum);
        return;
      case "delete":
        found(await deleteCurriculum(db, input.id), NOT_FOUND.curriculum);
        return;
      case "toggle":
        // A repeated click is harmless: the box ends as the teacher left it.
        found(await curriculumExists(db, input.id), NOT_FOUND.curriculum);
        if (input.member) found(await addCurriculumCompetency(db, input.id, input.competencyId), NOT_FOUND.competency);
        else await removeCurriculumCompetency(db, input.id, input.competencyId);
        return;
      case "selectAll":
        found(await addAllCompetencies(db, input.id), NOT_FOUND.curriculum);
        return;
      case "deselectAll":
        found(await removeAllCompetencies(db, input.id), NOT_FOUND.curriculum);
        return;
      default:
        return assertNever(input);
    }
  });
}

export default function Curriculums() {
  const { curriculums, competencies } = useLoaderData<typeof loader>();
  const { fetcher, busy, submitIntent } = useIntentFetcher();
  const { editing, openNew, openEdit, close } = useEditDialog<{ id: string; values: CurriculumValues }>();
  const [managingId, setManagingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<(typeof curriculums)[number] | null>(null);
  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.intent === "create" || result.intent === "update") close();
    },
  });
  const managing = curriculums.find((curriculum) => curriculum.id === managingId);
  // Optimistic: membership changes on their way (one fetcher per checkbox) show at once.
  const changes = useFetchers()
    .filter((pending) => pending.state !== "idle")
    .map((pending) => (managing ? asMembershipChange(pending.json, managing.id) : null))
    .filter((change): change is MembershipChange => change !== null);
  const memberIds = managing
    ? pendingMembers(
        managing.competencyIds,
        competencies.map((competency) => competency.id),
        changes,
      )
    : [];

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Curriculums"
        subtitle="Groups of competencies taught together"
        actions={
          <button type="button" className="btn-primary" onClick={openNew}>
            <Plus aria-hidden="true" className="size-4" /> New Curriculum
          </button>
        }
      />
      {curriculums.length === 0 ? <p className="card mt-6 p-8 text-center text-slate-700">No curriculums yet.</p> : null}
      <ul className="mt-6 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {curriculums.map((curriculum) => (
          <li key={curriculum.id} className="card flex flex-col p-5" data-testid="curriculum-card">
            <div className="flex items-start gap-1">
              <h2 className="min-w-0 flex-1 text-lg font-semibold break-words text-slate-900">{curriculum.name}</h2>
              <button
                type="button"
                className="btn-ghost px-2"
                aria-label={`Edit ${curriculum.name}`}
                onClick={() => openEdit({ id: curriculum.id, values: curriculum })}
              >
                <Pencil aria-hidden="true" className="size-4" />
              </button>
              <button type="button" className="btn-ghost px-2 text-red-700" aria-label={`Delete ${curriculum.name}`} onClick={() => setDeleting(curriculum)}>
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
            <p className="mt-1 text-sm text-slate-700">
              {[gradeLabel(curriculum.gradeLevel), curriculum.subject].filter(Boolean).join(" · ") || "No grade or subject"}
            </p>
            {curriculum.description ? <p className="mt-2 text-sm text-slate-800">{curriculum.description}</p> : null}
            <p className="mt-3 text-sm font-medium text-slate-900" data-testid="curriculum-competency-count">
              {curriculum.competencyIds.length} {curriculum.competencyIds.length === 1 ? "competency" : "competencies"}
            </p>
            <div className="mt-auto pt-4">
              <button type="button" className="btn-outline" onClick={() => setManagingId(curriculum.id)}>
                <ListChecks aria-hidden="true" className="size-4" /> Manage Competencies
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing ? (
        <CurriculumDialog
          key={editing.key}
          initial={editing.record?.values ?? null}
          busy={busy}
          onClose={close}
          onSubmit={(values) => submitIntent(editing.record ? { intent: "update", id: editing.record.id, values } : { intent: "create", values })}
        />
      ) : null}
      {managing ? (
        <ManageCompetenciesDialog
          curriculumId={managing.id}
          curriculumName={managing.name}
          competencies={competencies}
          memberIds={memberIds}
          busy={busy}
          onSelectAll={() => submitIntent({ intent: "selectAll", id: managing.id })}
          onDeselectAll={() => submitIntent({ intent: "deselectAll", id: managing.id })}
          onClose={() => setManagingId(null)}
        />
      ) : null}
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(item) => submitIntent({ intent: "delete", id: item.id })}
        describe={(item) => `Delete "${item.name}"? Its competencies stay in the Competency Manager.`}
        confirmLabel="Delete Curriculum"
      />
    </div>
  );
}
