import { useEffect, useSyncExternalStore } from "react";

import { ZOOM_LEVELS } from "~/domain/accommodations/student-tools";

import { useLoaderArea } from "./loader-area";

export type Display = { highContrast: boolean; zoom: number };

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
 * The student's own high-contrast and zoom buttons over the test page (ADR 0032). Shown only to a
 * student whose accommodations offer them, they also bring back the choice this device kept (a
 * shared device's earlier choice applies only to such a student) and keep each new one.
 */
export function DisplayControls({ display, onChange }: { display: Display; onChange: (next: Display) => void }) {
  const t = useLoaderArea("tools");
  const stored = useSyncExternalStore(subscribe, readStored, () => null);
  useEffect(() => {
    const kept = parseDisplay(stored);
    if (Object.keys(kept).length) onChange({ ...display, ...kept });
    // Only a change of what is stored applies it; the view's own changes are written below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored]);
  const change = (next: Display) => {
    onChange(next);
    try {
      window.localStorage.setItem(DISPLAY_KEY, JSON.stringify(next));
      window.dispatchEvent(new Event(DISPLAY_EVENT));
    } catch {
      // Not kept on this device; the change still applies to this page.
    }
  };
  const step = (direction: 1 | -1) => {
    const index = ZOOM_LEVELS.indexOf(display.zoom as (typeof ZOOM_LEVELS)[number]);
    return ZOOM_LEVELS[Math.min(ZOOM_LEVELS.length - 1, Math.max(0, index + direction))]!;
  };
  // At either end the button says it is unavailable but stays focusable: disabling it would drop focus to <body>.
  const atSmallest = display.zoom === ZOOM_LEVELS[0];
  const atLargest = display.zoom === ZOOM_LEVELS[ZOOM_LEVELS.length - 1];
  return (
    <div role="group" aria-label={t.display} className="mx-auto mb-3 flex max-w-3xl flex-wrap items-center gap-2">
      <button
        type="button"
        className="btn-outline min-h-11"
        aria-pressed={display.highContrast}
        onClick={() => change({ ...display, highContrast: !display.highContrast })}
      >
        {t.highContrast}
      </button>
      <button
        type="button"
        className="btn-outline min-h-11 aria-disabled:opacity-60"
        aria-disabled={atSmallest}
        onClick={() => atSmallest || change({ ...display, zoom: step(-1) })}
      >
        {t.zoomOut}
      </button>
      <span className="text-sm text-slate-800" aria-live="polite">
        {/* A whole percent below 1000 reads the same in every locale: the template's one value is put in without the formatter. */}
        {t.zoomLevel.replace("{percent}", String(Math.round(display.zoom * 100)))}
      </span>
      <button
        type="button"
        className="btn-outline min-h-11 aria-disabled:opacity-60"
        aria-disabled={atLargest}
        onClick={() => atLargest || change({ ...display, zoom: step(1) })}
      >
        {t.zoomIn}
      </button>
    </div>
  );
}
