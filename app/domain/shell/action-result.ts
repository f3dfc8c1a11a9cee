import type { ToastMessage } from "~/domain/shell/toast";

/**
 * What every screen action answers (ADR 0006). The server picks
 * the toast, so the product's texts live next to the rules and a page without JavaScript can show
 * the same words inline. `fieldErrors` is keyed by the field's dotted path ("options.0.text");
 * `values` echoes a refused form post's text fields (never passwords), so a page rendered
 * without JavaScript shows the form as the person filled it.
 */
export type ActionResult<Data = undefined> =
  | { ok: true; intent: string; toast: ToastMessage | null; data?: Data }
  | { ok: false; intent: string | null; toast: ToastMessage; fieldErrors: Record<string, string>; values?: Record<string, string> };

/** A validation message with the toast title the product gives it ("Missing selection"). */
export type TitledMessage = { title: string; message: string };

/** An action's data when it waits on a queued job: the result, or the job it stopped waiting for (ADR 0009). */
export type QueuedResult<T> = { result: T } | { pending: string };
