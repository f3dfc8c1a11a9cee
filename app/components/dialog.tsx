import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";

import { DialogFailureContext } from "./dialog-failure";
import { focusFirstInvalid } from "./focus-invalid";
import { type DialogFailure, useToast } from "./toast/toast-context";

/**
 * A modal dialog on the native <dialog> element. `showModal()` makes the page behind it inert and
 * closes on Escape, but leaves two gaps this component fills, so every dialog behaves the same
 * (WAI-ARIA APG dialog pattern; docs/accessibility.md):
 * - Tab from the last control leaves the page for the browser's own toolbar, so Tab and
 *   Shift+Tab wrap between the dialog's first and last controls here.
 * - Focus goes back to the control that opened the dialog only on `close()`; most screens unmount
 *   their dialog instead (a fresh `key` per opening, use-edit-dialog.ts), which drops focus to
 *   <body>. The opener is remembered and focused again however the dialog goes away, or the
 *   page's main region when the opener went with it (a deleted record's row).
 * Controlled by `open`; `onClose` fires for Escape, the close button and a click on the backdrop.
 *
 * While open, the dialog holds the toaster (so toasts show above its backdrop) and shows an
 * action's refusal inside itself: beside the field it names (`FormField`, `useDialogFieldError`),
 * or at the top of the dialog when it names none, with focus on the first field it names. A new
 * submission clears it.
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
    if (!open || !dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    // A DOM listener, not React's onKeyDown: toasts are portalled into the dialog (below), and
    // React bubbles their events to the toaster's tree, never through the dialog.
    dialog.addEventListener("keydown", keepTabInside);
    // Runs when `open` turns false and when the dialog unmounts while open.
    return () => {
      dialog.removeEventListener("keydown", keepTabInside);
      if (dialog.open) dialog.close();
      returnFocus(dialog, opener);
    };
  }, [open]);

  useEffect(() => {
    if (!open || !toastLayer.current) return;
    setFailure(null);
    return openDialog({ toastLayer: toastLayer.current, showFailure: setFailure });
  }, [open, openDialog]);
  // A refusal read where it is fixed: on the first field it names, once that field shows it.
  useEffect(() => {
    if (failure && ref.current) focusFirstInvalid(ref.current);
  }, [failure]);
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
      {/* After the content: a toast's Dismiss button is then the last stop, not where focus lands on opening. */}
      <div ref={toastLayer} />
    </dialog>
  );
}

const TABBABLE = "a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]";

/** The controls Tab stops at inside `root`, in order: enabled, shown, not taken out with tabindex="-1". */
function tabbablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => {
    if (element.tabIndex < 0 || element.matches(":disabled") || element.closest("[inert]")) return false;
    if (!element.checkVisibility({ visibilityProperty: true })) return false;
    // One stop per radio group: the checked radio, or the first when none is.
    if (element instanceof HTMLInputElement && element.type === "radio" && element.name) {
      const group = [...root.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(element.name)}"]`)];
      return element.checked || (!group.some((radio) => radio.checked) && group[0] === element);
    }
    return true;
  });
}

function keepTabInside(this: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
  const stops = tabbablesIn(this);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const atEdge = event.shiftKey ? active === first || active === this : active === last;
  if (!atEdge) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * Back to the opener once the dialog is gone, unless something else already took focus (a
 * navigation, another dialog). `preventScroll` keeps the page where the reader left it.
 */
function returnFocus(dialog: HTMLDialogElement, opener: Element | null) {
  const active = document.activeElement;
  if (active && active !== document.body && !dialog.contains(active)) return;
  const target = opener instanceof HTMLElement && opener.isConnected && opener !== document.body ? opener : document.getElementById("main-content");
  target?.focus({ preventScroll: true });
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
