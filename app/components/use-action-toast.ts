import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect } from "react";

import { useToast } from "./toast/toast-context";

/** What a screen action answers to its fetcher. */
export type ActionOutcome = { ok: boolean; intent: string; message?: string };

/**
 * Shows SPEC.md's toast for each answer from a screen's action: the success title for the intent,
 * or a destructive toast with the server's message, else the intent's failure text.
 * `onSuccess` runs once per successful answer (to close a dialog, say).
 */
export function useActionToast(
  fetcher: FetcherWithComponents<ActionOutcome>,
  messages: Record<string, { success: string; failure: string }>,
  onSuccess?: (outcome: ActionOutcome) => void,
) {
  const { toast } = useToast();
  useEffect(() => {
    const outcome = fetcher.data;
    if (fetcher.state !== "idle" || !outcome) return;
    const text = messages[outcome.intent];
    if (outcome.ok) {
      if (text?.success) toast({ title: text.success });
      onSuccess?.(outcome);
    } else {
      toast({ title: "Error", description: outcome.message ?? text?.failure ?? "Something went wrong", variant: "destructive" });
    }
    // Only a new answer from the server matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
}
