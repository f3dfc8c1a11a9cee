import { useRef } from "react";

import { FormAlert, useActionResult, useIntentFetcher } from "~/components/action-result";
import { MAX_OVERRIDE_REASON_LENGTH } from "~/domain/sessions/grade-override";

/**
 * A teacher's new grade for one answer: a plain form post with the "override"
 * intent, so it works without JavaScript; the server checks it with the API's own schema.
 */
export function OverrideForm({ logId, questionId }: { logId: string; questionId: string }) {
  const { fetcher, busy } = useIntentFetcher(`override-${logId}`);
  const form = useRef<HTMLFormElement>(null);
  useActionResult(fetcher, { onSuccess: () => form.current?.reset(), toastFieldErrors: false });
  const result = fetcher.data;
  const errors = result && !result.ok ? result.fieldErrors : {};
  const scoreId = `override-${logId}-score`;
  const reasonId = `override-${logId}-reason`;
  return (
    <fetcher.Form ref={form} method="post" className="space-y-3 rounded-md border border-slate-200 p-4" aria-label="Override the grade">
      <h3 className="font-semibold text-slate-900">Override the grade</h3>
      <input type="hidden" name="intent" value="override" />
      <input type="hidden" name="questionId" value={questionId} />
      <div className="grid gap-3 sm:grid-cols-[11rem_1fr]">
        <div>
          <label htmlFor={scoreId} className="label">
            New score (0–100)
          </label>
          <input
            id={scoreId}
            name="score"
            type="number"
            inputMode="decimal"
            min={0}
            max={100}
            step="any"
            required
            className="input mt-1"
            aria-invalid={errors.score ? true : undefined}
            aria-describedby={errors.score ? `${scoreId}-error` : undefined}
          />
          {errors.score ? (
            <p id={`${scoreId}-error`} className="mt-1 text-sm text-red-800">
              {errors.score}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={reasonId} className="label">
            Reason
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={2}
            maxLength={MAX_OVERRIDE_REASON_LENGTH}
            required
            className="input mt-1"
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
          />
          {errors.reason ? (
            <p id={`${reasonId}-error`} className="mt-1 text-sm text-red-800">
              {errors.reason}
            </p>
          ) : null}
        </div>
      </div>
      {result && !result.ok && !errors.score && !errors.reason ? <FormAlert result={result} /> : null}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Saving…" : "Override Grade"}
      </button>
    </fetcher.Form>
  );
}
