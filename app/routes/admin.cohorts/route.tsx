import { type ActionFunctionArgs, json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useState } from "react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";
import { ConfirmDeleteDialog } from "~/components/dialog";
import { BackLink, PageHeader } from "~/components/page-header";
import { useEditDialog } from "~/components/use-edit-dialog";
import { CLASS_MESSAGES, classActionSchema } from "~/domain/classes/screen-actions";
import { createClass, deleteClass, listClasses, updateClass } from "~/features/classes/use-cases.server";
import { assertNever } from "~/lib/assert-never";
import { listTestChoices } from "~/models/classes.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";

import { ClassCard } from "./class-card";
import { ClassDialog, type EditableClass } from "./class-dialog";
import printStyles from "./print.css";
import { QrDialog } from "./qr-dialog";

export const meta: MetaFunction = () => [{ title: "Class Management · Adaptive Testing Engine" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles, media: "print" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireAllowed(request, context, "read", "class");
  const [classes, tests] = await Promise.all([listClasses(context, user), listTestChoices(context.db)]);
  // The QR code and join link point at the product's own origin, not whatever host served this page.
  const joinOrigin = context.config.appOrigin ?? new URL(request.url).origin;
  return json({ cohorts: classes, tests, joinOrigin });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: teacher } = await requireAllowed(request, context, "write", "class");
  return handleAction(request, classActionSchema, CLASS_MESSAGES, async (input) => {
    switch (input.intent) {
      case "create":
        await createClass(context, teacher, input.values);
        return;
      case "update":
        await updateClass(context, teacher, input.id, input.values);
        return;
      case "delete":
        await deleteClass(context, teacher, input.id);
        return;
      default:
        return assertNever(input);
    }
  });
}

type SchoolClass = ReturnType<typeof useLoaderData<typeof loader>>["cohorts"][number];

export default function ClassManagement() {
  const { cohorts: classes, tests, joinOrigin } = useLoaderData<typeof loader>();
  const { fetcher, busy, submitIntent } = useIntentFetcher();
  // A new key per opening, so the dialog starts from the class's saved values every time.
  const { editing, openNew, openEdit, close } = useEditDialog<EditableClass>();
  const [deleting, setDeleting] = useState<SchoolClass | null>(null);
  const [showingQr, setShowingQr] = useState<SchoolClass | null>(null);
  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.intent !== "delete") close();
    },
  });

  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to="/admin/tests" label="Back to Tests" />
      <PageHeader
        title="Class Management"
        subtitle="Classes, their join codes and the test students start when they join"
        actions={
          <button type="button" className="btn-primary" onClick={openNew}>
            <Plus aria-hidden="true" className="size-4" /> New Class
          </button>
        }
      />
      {classes.length === 0 ? (
        <p className="card mt-6 p-8 text-center text-slate-700">No classes yet. Create a class to get a join code for your students.</p>
      ) : null}
      <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {classes.map((schoolClass) => (
          <ClassCard
            key={schoolClass.id}
            cohort={schoolClass}
            busy={busy}
            onEdit={() => openEdit(schoolClass)}
            onDelete={() => setDeleting(schoolClass)}
            onShowQr={() => setShowingQr(schoolClass)}
          />
        ))}
      </ul>
      {editing ? (
        <ClassDialog
          key={editing.key}
          initial={editing.record}
          tests={tests}
          busy={busy}
          onClose={close}
          onSubmit={(values) => submitIntent(editing.record ? { intent: "update", id: editing.record.id, values } : { intent: "create", values })}
        />
      ) : null}
      <QrDialog cohort={showingQr} origin={joinOrigin} onClose={() => setShowingQr(null)} />
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(item) => submitIntent({ intent: "delete", id: item.id })}
        describe={(item) =>
          `"${item.name}" and its ${item.memberCount} ${item.memberCount === 1 ? "member" : "members"} will be deleted, and its join code ${item.joinCode} will stop working. Test sessions and results stay.`
        }
        confirmLabel="Delete Class"
      />
    </div>
  );
}
