import type { FetcherWithComponents } from "@remix-run/react";
import { useState } from "react";

import { Dialog, DialogActions } from "~/components/dialog";
import { FormField } from "~/components/form-field";
import { WINDOW_NAME_MAX, windowsActionSchema } from "~/domain/growth/testing-windows";
import type { ActionResult } from "~/domain/shell/action-result";
import { fieldErrors } from "~/lib/form-errors";

export type EditableWindow = { id: string; name: string; startsOn: string; endsOn: string };

/**
 * Add or edit a testing window: a plain form post (the screen's create or update intent), checked
 * here with the same schema first so a mistake is told at once; the server's refusal of a field (a
 * name in use, days that overlap another window) shows beside it.
 */
export function WindowDialog({
  initial,
  fetcher,
  onClose,
}: {
  initial: EditableWindow | null;
  fetcher: FetcherWithComponents<ActionResult>;
  onClose: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <Dialog
      open
      onClose={onClose}
      title={initial ? "Edit Testing Window" : "Add Testing Window"}
      description="Days are whole days in UTC, both included. A session belongs to the window its start falls in."
    >
      <fetcher.Form
        method="post"
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          const parsed = windowsActionSchema.safeParse(Object.fromEntries(new FormData(event.currentTarget)));
          const problems = parsed.success ? {} : fieldErrors(parsed.error);
          setErrors(problems);
          if (!parsed.success) event.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value={initial ? "update" : "create"} />
        {initial ? <input type="hidden" name="id" value={initial.id} /> : null}
        <FormField
          name="name"
          id="window-name"
          label="Name"
          defaultValue={initial?.name ?? ""}
          maxLength={WINDOW_NAME_MAX}
          autoComplete="off"
          placeholder="Fall"
          error={errors.name}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField name="startsOn" id="window-starts-on" label="First day" type="date" defaultValue={initial?.startsOn ?? ""} error={errors.startsOn} />
          <FormField name="endsOn" id="window-ends-on" label="Last day" type="date" defaultValue={initial?.endsOn ?? ""} error={errors.endsOn} />
        </div>
        <DialogActions onCancel={onClose} submitLabel={initial ? "Save Window" : "Add Window"} busy={fetcher.state !== "idle"} />
      </fetcher.Form>
    </Dialog>
  );
}
