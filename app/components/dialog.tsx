import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

import { DialogFailureContext } from "./dialog-failure";
import { type DialogFailure, useToast } from "./toast/toast-context";

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, closes on Escape and
 * restores focus on close. Controlled by `open`; `onClose` fires for Escape, the close button
 * and a click on the backdrop.
 *
 * While open, the dialog holds the toaster (so toasts show above its backdrop) and shows an
 * action's refusal inside itself: beside the field it names (`FormField`, `useDialogFieldError`),
 * or at the top of the dialog when it names none. A new submission clears it.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const toastLayer = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<DialogFailure | null>(null);
  const { openDialog } = useToast();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (!open || !toastLayer.current) return;
    setFailure(null);
    return openDialog({ toastLayer: toastLayer.current, showFailure: setFailure });
  }, [open, openDialog]);
  const formFailure = failure && Object.keys(failure.fieldErrors).length === 0 ? failure.message : null;

  return (
    // A click on the backdrop closes, as Escape (onCancel) does for keyboard users.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50 ${
        wide ? "max-w-3xl" : "max-w-lg"
      }`}
    >
      <div ref={toastLayer} />
      {open ? (
        <div className="max-h-[85dvh] overflow-y-auto p-6" onSubmitCapture={() => setFailure(null)}>
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {title}
              </h2>
              {description ? (
                <p id={descriptionId} className="mt-1 text-sm text-slate-700">
                  {description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close dialog"
              className="-m-1 inline-flex size-9 items-center justify-center rounded-md hover:bg-slate-100"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          {formFailure ? (
            <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {formFailure}
            </p>
          ) : null}
          <DialogFailureContext.Provider value={failure}>{children}</DialogFailureContext.Provider>
        </div>
      ) : null}
    </dialog>
  );
}

/** "Are you sure?" before something that cannot be undone. */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title = "Are you sure?",
  description,
  confirmLabel = "Delete",
  busy = false,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title?: string;
  description: string;
  confirmLabel?: string;
  busy?: boolean;
}) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description}>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/** "Are you sure?" before deleting one record of a list; `onDelete` posts the screen's delete intent. */
export function ConfirmDeleteDialog<Item extends { id: string }>({
  item,
  onClose,
  onDelete,
  describe,
  confirmLabel,
}: {
  item: Item | null;
  onClose: () => void;
  onDelete: (item: Item) => void;
  describe: (item: Item) => string;
  confirmLabel: string;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onCancel={onClose}
      onConfirm={() => {
        if (item) onDelete(item);
        onClose();
      }}
      description={item ? describe(item) : ""}
      confirmLabel={confirmLabel}
    />
  );
}

/** A form dialog's Cancel and submit buttons. */
export function DialogActions({ onCancel, submitLabel, busy = false }: { onCancel: () => void; submitLabel: string; busy?: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <button type="button" className="btn-outline" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn-primary" disabled={busy}>
        {submitLabel}
      </button>
    </div>
  );
}
