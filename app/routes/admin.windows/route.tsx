import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";

import { FormAlert, useActionResult } from "~/components/action-result";
import { ConfirmDeleteDialog } from "~/components/dialog";
import { BackLink, PageHeader } from "~/components/page-header";
import { TableHeadings } from "~/components/table-headings";
import { useEditDialog } from "~/components/use-edit-dialog";
import { windowOf, WINDOWS_MESSAGES, windowsActionSchema } from "~/domain/growth/testing-windows";
import type { ActionResult } from "~/domain/shell/action-result";
import { NOT_FOUND } from "~/domain/shell/not-found";
import { assertNever } from "~/lib/assert-never";
import { found } from "~/lib/errors";
import { districtTimeZone } from "~/models/district-time-zone.server";
import { createTestingWindow, deleteTestingWindow, listTestingWindowsWithSessions, updateTestingWindow } from "~/models/testing-windows.server";
import { handleAction } from "~/services/action.server";
import { requireAllowed } from "~/services/auth.server";

import { type EditableWindow, WindowDialog } from "./window-dialog";

export const meta: MetaFunction = () => [{ title: "Testing Windows · Adaptive Testing Engine" }];

/** Days are calendar days (the district's: ADR 0041), written as they are wherever the page is opened. */
const DAY_LABEL = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dayLabel = (day: string) => DAY_LABEL.format(new Date(`${day}T00:00:00Z`));

/** The district's testing windows and how many sessions started in each (a district admin's, like retention: ADR 0031). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAllowed(request, context, "write", "testing-windows");
  const timeZone = await districtTimeZone(context.db);
  const windows = await listTestingWindowsWithSessions(context.db, timeZone);
  const current = windowOf(Date.now(), windows, timeZone);
  return json({
    windows: windows.map((window) => ({
      ...window,
      days: `${dayLabel(window.startsOn)} – ${dayLabel(window.endsOn)}`,
      current: window.id === current?.id,
    })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user: admin } = await requireAllowed(request, context, "write", "testing-windows");
  const { db } = context;
  return handleAction(request, windowsActionSchema, WINDOWS_MESSAGES, async (input) => {
    switch (input.intent) {
      case "create": {
        const { name, startsOn, endsOn } = input;
        await createTestingWindow(db, { name, startsOn, endsOn }, admin.id);
        return;
      }
      case "update": {
        const { name, startsOn, endsOn } = input;
        found(await updateTestingWindow(db, input.id, { name, startsOn, endsOn }), NOT_FOUND.testingWindow);
        return;
      }
      case "delete":
        found(await deleteTestingWindow(db, input.id), NOT_FOUND.testingWindow);
        return;
      default:
        return assertNever(input);
    }
  });
}

type Window = ReturnType<typeof useLoaderData<typeof loader>>["windows"][number];

export default function TestingWindows() {
  const { windows } = useLoaderData<typeof loader>();
  // Without JavaScript the forms post to this page, which shows a refusal here.
  const posted = useActionData<ActionResult>();
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const { editing, openNew, openEdit, close } = useEditDialog<EditableWindow>();
  const [deleting, setDeleting] = useState<Window | null>(null);
  useActionResult(fetcher, {
    onSuccess: (result) => {
      if (result.intent !== "delete") close();
    },
  });

  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to="/admin/students" label="Back to Students" />
      <PageHeader
        title="Testing Windows"
        subtitle="The district's testing periods. Each session belongs to the window its start falls in, so growth compares one window with the next."
        actions={
          <button type="button" className="btn-primary" onClick={openNew}>
            <Plus aria-hidden="true" className="size-4" /> Add Window
          </button>
        }
      />
      <div className="mt-4">
        <FormAlert result={posted} />
      </div>
      {windows.length === 0 ? (
        <p className="card mt-6 p-8 text-center text-slate-700">No testing windows yet. Add one for each testing period, such as Fall, Winter and Spring.</p>
      ) : (
        <div className="card mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Testing windows, in date order</caption>
            <TableHeadings
              headings={["Window", "Days (UTC)", { label: "Sessions", align: "right" }, { label: "Actions", hidden: true }]}
              cellClassName="px-4 py-2"
            />
            <tbody className="text-slate-900">
              {windows.map((window) => (
                <tr key={window.id} className="border-b border-slate-100 last:border-0" data-testid="window-row">
                  <td className="px-4 py-2 font-medium">
                    {window.name}
                    {window.current ? <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Now</span> : null}
                  </td>
                  <td className="px-4 py-2">{window.days}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{window.sessions}</td>
                  <td className="px-4 py-2">
                    <div className="flex justify-end gap-1">
                      <button type="button" className="btn-ghost px-2" aria-label={`Edit ${window.name}`} onClick={() => openEdit(window)}>
                        <Pencil aria-hidden="true" className="size-4" />
                      </button>
                      {/* A plain form post: with JavaScript it asks first, without it deletes at once. */}
                      <fetcher.Form
                        method="post"
                        onSubmit={(event) => {
                          event.preventDefault();
                          setDeleting(window);
                        }}
                      >
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="id" value={window.id} />
                        <button type="submit" className="btn-ghost px-2 text-red-700" aria-label={`Delete ${window.name}`} disabled={busy}>
                          <Trash2 aria-hidden="true" className="size-4" />
                        </button>
                      </fetcher.Form>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? <WindowDialog key={editing.key} initial={editing.record} fetcher={fetcher} onClose={close} /> : null}
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onDelete={(item) => fetcher.submit({ intent: "delete", id: item.id }, { method: "post" })}
        describe={(item) =>
          `"${item.name}" will be deleted. Its ${item.sessions} ${item.sessions === 1 ? "session stays" : "sessions stay"}, in no window until another covers their days.`
        }
        confirmLabel="Delete Window"
      />
    </div>
  );
}
