/** One toast at a time, 5000 ms, destructive style for errors. */
export const TOAST_DURATION_MS = 5000;

type ToastVariant = "default" | "destructive";
/**
 * `title` and `description` may be catalog codes, and `values` the values they name: the server
 * renders them before a toast leaves it (ADR 0045), so a page never receives `values`.
 */
export type ToastMessage = { title: string; description?: string; variant?: ToastVariant; values?: Record<string, string | number> };
