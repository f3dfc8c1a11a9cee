import { type SubmitOptions, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

import type { ActionResult } from "~/domain/shell/action-result";

import { useToast } from "./toast/toast-context";

/** Where an answer comes from: a fetcher, or `{ data: useActionData(), state: navigation.state }`. */
type ResultSource<Data> = { data: ActionResult<Data> | undefined; state: "idle" | "submitting" | "loading" };

/**
 * The client half of the action contract (docs/decisions/0006-action-contract.md): shows the
 * toast the server chose for each new ActionResult and runs `onSuccess` once per success; a
 * refusal is also shown inside the open dialog, if any (app/components/dialog.tsx). It waits
 * until the page has reloaded its data, so "Competency deleted" never shows beside the card.
 */
export function useActionResult<Data>(
  source: ResultSource<Data>,
  options: {
    onSuccess?: (result: Extract<ActionResult<Data>, { ok: true }>) => void;
    onFailure?: (result: Extract<ActionResult<Data>, { ok: false }>) => void;
    toastFieldErrors?: boolean;
  } = {},
) {
  const { toast, topDialog } = useToast();
  const latest = useRef(options);
  const handled = useRef<ActionResult<Data> | undefined>(undefined);
  useEffect(() => {
    latest.current = options;
  });
  const { data: result, state } = source;
  useEffect(() => {
    if (!result || state !== "idle" || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      if (result.toast) toast(result.toast);
      latest.current.onSuccess?.(result);
      return;
    }
    latest.current.onFailure?.(result);
    // Told inside the dialog it came from, beside its fields, as well as in the toast.
    topDialog()?.showFailure({ message: result.toast.description ?? result.toast.title, fieldErrors: result.fieldErrors });
    // A form that shows its field errors beside the fields needs no toast repeating them.
    const inline = latest.current.toastFieldErrors === false && Object.keys(result.fieldErrors).some((key) => key !== "_form");
    if (!inline) toast(result.toast);
  }, [result, state, toast, topDialog]);
}

/**
 * A fetcher for a screen's JSON intents (`{intent, ...}`), for screens whose payloads are not
 * flat forms (the test editor, the question dialog). Plain forms use `<fetcher.Form>` instead.
 */
export function useIntentFetcher<Data = undefined>(key?: string) {
  const fetcher = useFetcher<ActionResult<Data>>(key ? { key } : undefined);
  const { submit } = fetcher;
  const submitIntent = useCallback(
    (payload: { intent: string } & Record<string, unknown>, options: Omit<SubmitOptions, "method" | "encType"> = {}) =>
      // Remix types JSON targets as JsonValue, which optional (undefined) fields are not.
      submit(payload as unknown as Parameters<typeof submit>[0], { ...options, method: "post", encType: "application/json" }),
    [submit],
  );
  return { fetcher, busy: fetcher.state !== "idle", submitIntent };
}

/** A failed result's message inline, so a page without JavaScript shows it too. */
export function FormAlert({ result, id }: { result: ActionResult<unknown> | undefined; id?: string }) {
  if (!result || result.ok) return null;
  return (
    <p id={id} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      {result.toast.description ?? result.toast.title}
    </p>
  );
}
