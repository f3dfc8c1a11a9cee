import { useLocation } from "@remix-run/react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";

import { TOAST_DURATION_MS, type ToastMessage } from "~/domain/shell/toast";

import { Toaster } from "./toaster";

/** `on`: the path of the page it was shown on (none for the server's first render). */
type ShownToast = ToastMessage & { id: number; on?: string };

/** An open modal dialog, as the toast system sees it (app/components/dialog.tsx). */
type OpenDialog = {
  /** An element inside the dialog: the toaster moves there while the dialog is the top one. */
  toastLayer: HTMLElement;
  /** Shows an action's refusal inside the dialog, beside its fields. */
  showFailure: (failure: DialogFailure) => void;
};
/** A refused action's message and its field errors (keyed by dotted path), for an open dialog. */
export type DialogFailure = { message: string; fieldErrors: Record<string, string> };

type ToastApi = {
  toast: (message: ToastMessage) => void;
  dismiss: () => void;
  /** Registers an open dialog; the returned function unregisters it. */
  openDialog: (dialog: OpenDialog) => () => void;
  /** The dialog on top, if one is open: where a refusal is shown. */
  topDialog: () => OpenDialog | undefined;
};

const ToastContext = createContext<ToastApi | null>(null);

/**
 * The toast system: one toast visible at a time (a new one replaces it), gone after
 * 5000 ms unless the pointer or keyboard focus is on it. Screens call `useToast().toast(...)`;
 * actions that redirect pass a toast through the session flash, which arrives as `serverToast`.
 *
 * A modal <dialog> sits in the browser's top layer and makes everything outside it inert, so a
 * toast left in the page would show dimmed under the backdrop and could not be dismissed. While a
 * dialog is open the toaster is rendered inside it (a portal into its toast layer), on top.
 */
export function ToastProvider({ children, serverToast }: { children: ReactNode; serverToast?: ToastMessage | null }) {
  // Rendered on the server too, so a page without JavaScript shows the toast of a redirect.
  const [current, setCurrent] = useState<ShownToast | null>(() => (serverToast ? { ...serverToast, id: 0 } : null));
  const shownServerToast = useRef(serverToast);
  const [paused, setPaused] = useState(false);
  const [dialogs, setDialogs] = useState<OpenDialog[]>([]);
  // Whether the toaster has ever moved into a dialog (it is mounted afresh each time it moves).
  const [moved, setMoved] = useState(false);
  const openDialogs = useRef<OpenDialog[]>([]);
  const nextId = useRef(1);

  const toast = useCallback((message: ToastMessage) => {
    setCurrent({ ...message, id: nextId.current++, on: location.pathname });
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);
  const openDialog = useCallback((dialog: OpenDialog) => {
    openDialogs.current = [...openDialogs.current, dialog];
    setDialogs(openDialogs.current);
    setMoved(true);
    // A pointer that was on the toast is not on the one mounted where it moves to.
    setPaused(false);
    return () => {
      openDialogs.current = openDialogs.current.filter((open) => open !== dialog);
      setDialogs(openDialogs.current);
      setPaused(false);
    };
  }, []);
  const topDialog = useCallback(() => openDialogs.current.at(-1), []);

  useEffect(() => {
    // A flash that arrives with a later navigation is a new object; the first one is already shown.
    if (serverToast && serverToast !== shownServerToast.current) toast(serverToast);
    shownServerToast.current = serverToast;
  }, [serverToast, toast]);

  // A refusal belongs to the page it was made on: once the student has moved on (their next try
  // succeeded), it is not shown; a toast shown on the new page (its flash) is.
  const { pathname } = useLocation();
  const shown = current?.on !== pathname && current?.variant === "destructive" && current.on ? null : current;

  useEffect(() => {
    if (!current || paused) return;
    const timer = setTimeout(dismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current, paused, dismiss]);

  const layer = dialogs.at(-1)?.toastLayer;
  const api = useMemo(() => ({ toast, dismiss, openDialog, topDialog }), [toast, dismiss, openDialog, topDialog]);
  const toaster = <Toaster toast={shown} onDismiss={dismiss} onPauseChange={setPaused} announceAfterMount={moved} />;
  return (
    <ToastContext.Provider value={api}>
      {children}
      {layer ? createPortal(toaster, layer) : toaster}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside ToastProvider");
  return api;
}
