import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";

import type { RootData } from "~/domain/shell/root-data";
import type { ToastMessage } from "~/domain/shell/toast";

import { CloseGlyph } from "../glyphs";

type Props = {
  toast: (ToastMessage & { id: number }) | null;
  onDismiss: () => void;
  onPauseChange: (paused: boolean) => void;
  /**
   * Moved into or out of a dialog, the live region is new: a toast already in it when it mounts
   * would not be announced, so it is filled one render later. (False for the page's first render,
   * so the server's HTML shows a redirect's toast without JavaScript.)
   */
  announceAfterMount?: boolean;
};

/** The live region stays mounted so screen readers announce each toast as it appears. */
export function Toaster({ toast: current, onDismiss, onPauseChange, announceAfterMount = false }: Props) {
  const [mounted, setMounted] = useState(!announceAfterMount);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const toast = mounted ? current : null;
  const destructive = toast?.variant === "destructive";
  // The student pages' language (the root's texts, ADR 0045); staff screens, which get none, are English.
  // Read without components/use-root-data, whose own chunk every admin page would then preload.
  const t = (useRouteLoaderData("root") as RootData | undefined)?.messages?.common;
  return (
    <section
      aria-label={t?.notifications ?? "Notifications"}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full sm:w-[380px]">
        {toast ? (
          <div
            key={toast.id}
            data-testid="toast"
            data-variant={toast.variant ?? "default"}
            onMouseEnter={() => onPauseChange(true)}
            onMouseLeave={() => onPauseChange(false)}
            onFocus={() => onPauseChange(true)}
            onBlur={() => onPauseChange(false)}
            className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border p-4 shadow-lg ${
              destructive ? "border-red-700 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
            }`}
          >
            <div className="flex-1">
              <p className="text-sm font-semibold">{toast.title}</p>
              {toast.description ? <p className={`mt-1 text-sm ${destructive ? "text-red-50" : "text-slate-700"}`}>{toast.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={onDismiss}
              aria-label={t?.dismissNotification ?? "Dismiss notification"}
              className={`-m-1 inline-flex size-8 items-center justify-center rounded-md ${destructive ? "hover:bg-red-800" : "hover:bg-slate-100"}`}
            >
              <CloseGlyph className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
