import { useRevalidator } from "@remix-run/react";
import { useEffect } from "react";

/** At most one beat this often, and none while the tab is hidden (ADR 0046). */
const BEAT_MS = 30_000;

/**
 * The test page's heartbeat: while the session's page is open and visible it tells the server so
 * (`POST /api/sessions/{id}/heartbeat`), which keeps the student "answering" on their teacher's
 * live view, and reads the page's data again when the session's stamp is no longer the one the page
 * was rendered with (a pause, more time, the end). A failed beat is simply the next one's to make.
 */
export function useHeartbeat(sessionId: string | null, stamp: string | undefined) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!sessionId) return;
    const beat = setInterval(async () => {
      if (document.hidden) return;
      try {
        const response = await fetch(`/api/sessions/${sessionId}/heartbeat`, { method: "POST" });
        if (response.ok && ((await response.json()) as { stamp: string }).stamp !== stamp) revalidate();
      } catch {
        // Offline: the next beat asks again.
      }
    }, BEAT_MS);
    return () => clearInterval(beat);
  }, [sessionId, stamp, revalidate]);
}
