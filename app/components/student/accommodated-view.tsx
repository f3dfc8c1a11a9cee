import { type ReactNode, useState } from "react";

import { lazyScreen } from "~/components/lazy-screen";
import type { StudentTools } from "~/domain/accommodations/student-tools";

import type { Display } from "./display-controls";
import { useHydrated } from "./timers";

// The controls show only for a student whose accommodations offer them, once the page is up (the student page budget).
const DisplayControls = lazyScreen(() => import("./display-controls").then((module) => module.DisplayControls));

/**
 * The test page as the student's accommodations show it (ADR 0032): the high-contrast theme and the
 * zoom start from their record and are drawn by the server, so they work without JavaScript; with
 * it, the student can change both, and the choice stays on this device for their next questions.
 */
export function AccommodatedView({ tools, children }: { tools: StudentTools; children: ReactNode }) {
  const hydrated = useHydrated();
  const offered = tools.highContrast || tools.zoom !== 1;
  // The student's own choice kept on this device is read and written by the controls' code, which loads only for them.
  const [display, setDisplay] = useState<Display>({ highContrast: tools.highContrast, zoom: tools.zoom });
  return (
    <div
      className={display.highContrast ? "high-contrast" : undefined}
      style={display.zoom === 1 ? undefined : { zoom: display.zoom }}
      data-testid="accommodated-view"
    >
      {offered && hydrated ? <DisplayControls display={display} onChange={setDisplay} /> : null}
      {children}
    </div>
  );
}
