import { ThumbsUp } from "lucide-react";

import { useActionResult, useIntentFetcher } from "~/components/action-result";

/**
 * "Agree with this grade": a plain form post with the "confirm" intent, so it works without
 * JavaScript. Teachers mostly override when they disagree; a confirmation records that they
 * agreed, so the grader's agreement figures are not built from disagreements alone (ADR 0036).
 */
export function ConfirmForm({ logId, questionId, offered }: { logId: string; questionId: string; offered: boolean }) {
  const { fetcher, busy } = useIntentFetcher(`confirm-${logId}`);
  useActionResult(fetcher);
  // Mounted even when not offered: the confirmation itself withdraws the button, and its toast must still show.
  if (!offered) return null;
  return (
    <fetcher.Form method="post" aria-label="Agree with the grade">
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="questionId" value={questionId} />
      <button type="submit" className="btn-outline" disabled={busy}>
        <ThumbsUp aria-hidden="true" className="size-4" />
        {busy ? "Saving…" : "Agree with this grade"}
      </button>
    </fetcher.Form>
  );
}
