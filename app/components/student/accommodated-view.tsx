import { type ReactNode, useState, useSyncExternalStore } from "react";

import { lazyScreen } from "~/components/lazy-screen";
import { type StudentTools, ZOOM_LEVELS } from "~/domain/accommodations/student-tools";
import type { Catalog } from "~/domain/i18n/catalog";

import type { Display } from "./display-controls";
import { useHydrated } from "./timers";

// The controls show only for a student whose accommodations offer them, once the page is up (the student page budget).
const DisplayControls = lazyScreen(() => import("./display-controls").then((module) => module.DisplayControls));

/** Where a student's own choice of contrast and zoom is kept on this device, over their accommodation's starting point. */
const DISPLAY_KEY = "ate.display";
/** Tells this page's view that the stored choice changed (the storage event reaches only other tabs). */
const DISPLAY_EVENT = "ate-display";

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  window.addEventListener(DISPLAY_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(DISPLAY_EVENT, onChange);
  };
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(DISPLAY_KEY);
  } catch {
    // Storage blocked: the accommodation's settings stand.
    return null;
  }
}

function parseDisplay(stored: string | null): Partial<Display> {
  try {
    const parsed: unknown = JSON.parse(stored ?? "{}");
    if (!parsed || typeof parsed !== "object") return {};
    const { highContrast, zoom } = parsed as Record<string, unknown>;
    return {
      ...(typeof highContrast === "boolean" ? { highContrast } : {}),
      ...(ZOOM_LEVELS.includes(zoom as (typeof ZOOM_LEVELS)[number]) ? { zoom: zoom as number } : {}),
    };
  } catch {
    return {};
  }
}

/**
 * The test page as the student's accommodations show it (ADR 0032): the high-contrast theme and the
 * zoom start from their record and are drawn by the server, so they work without JavaScript; with
 * it, the student can change both, and the choice stays on this device for their next questions.
 */
/** `t`: the `tools` area the loader sent (ADR 0045), for the display controls. */
export function AccommodatedView({ tools, t, children }: { tools: StudentTools; t: Catalog["tools"]; children: ReactNode }) {
  const hydrated = useHydrated();
  const offered = tools.highContrast || tools.zoom !== 1;
  const stored = useSyncExternalStore(subscribe, readStored, () => null);
  // A change kept in memory too, in case storage refuses it.
  const [changed, setChanged] = useState<Display | null>(null);
  // A shared device's earlier choice applies only to a student who has these accommodations.
  const display: Display = changed ?? { highContrast: tools.highContrast, zoom: tools.zoom, ...(offered ? parseDisplay(stored) : {}) };
  const change = (next: Display) => {
    setChanged(next);
    try {
      window.localStorage.setItem(DISPLAY_KEY, JSON.stringify(next));
      window.dispatchEvent(new Event(DISPLAY_EVENT));
    } catch {
      // Not kept on this device; the change still applies to this page.
    }
  };
  return (
    <div
      className={display.highContrast ? "high-contrast" : undefined}
      style={display.zoom === 1 ? undefined : { zoom: display.zoom }}
      data-testid="accommodated-view"
    >
      {offered && hydrated ? <DisplayControls display={display} onChange={change} t={t} /> : null}
      {children}
    </div>
  );
}
