import { ZOOM_LEVELS } from "~/domain/accommodations/student-tools";
import type { Catalog } from "~/domain/i18n/catalog";

export type Display = { highContrast: boolean; zoom: number };

/** The student's own high-contrast and zoom buttons over the test page (ADR 0032). */
export function DisplayControls({ display, onChange, t }: { display: Display; onChange: (next: Display) => void; t: Catalog["tools"] }) {
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
        onClick={() => onChange({ ...display, highContrast: !display.highContrast })}
      >
        {t.highContrast}
      </button>
      <button
        type="button"
        className="btn-outline min-h-11 aria-disabled:opacity-60"
        aria-disabled={atSmallest}
        onClick={() => atSmallest || onChange({ ...display, zoom: step(-1) })}
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
        onClick={() => atLargest || onChange({ ...display, zoom: step(1) })}
      >
        {t.zoomIn}
      </button>
    </div>
  );
}
