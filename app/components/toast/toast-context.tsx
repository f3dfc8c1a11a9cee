import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

import { TOAST_DURATION_MS, type ToastMessage } from "~/domain/shell/toast";
import { Toaster } from "./toaster";

type ShownToast = ToastMessage & { id: number };
type ToastApi = { toast: (message: ToastMessage) => void; dismiss: () => void };

const ToastContext = createContext<ToastApi | null>(null);

/**
 * The toast system of SPEC.md: one toast visible at a time (a new one replaces it), gone after
 * 5000 ms unless the pointer or keyboard focus is on it. Screens call `useToast().toast(...)`;
 * actions that redirect pass a toast through the session flash, which arrives as `serverToast`.
 */
export function ToastProvider({ children, serverToast }: { children: ReactNode; serverToast?: ToastMessage | null }) {
  // Rendered on the server too, so a page without JavaScript shows the toast of a redirect.
  const [current, setCurrent] = useState<ShownToast | null>(() => (serverToast ? { ...serverToast, id: 0 } : null));
  const shownServerToast = useRef(serverToast);
  const [paused, setPaused] = useState(false);
  const nextId = useRef(1);

  const toast = useCallback((message: ToastMessage) => {
    setCurrent({ ...message, id: nextId.current++ });
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);

  useEffect(() => {
    // A flash that arrives with a later navigation is a new object; the first one is already shown.
    if (serverToast && serverToast !== shownServerToast.current) toast(serverToast);
    shownServerToast.current = serverToast;
  }, [serverToast, toast]);

  useEffect(() => {
    if (!current || paused) return;
    const timer = setTimeout(dismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [current, paused, dismiss]);

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toaster toast={current} onDismiss={dismiss} onPauseChange={setPaused} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside ToastProvider");
  return api;
}
