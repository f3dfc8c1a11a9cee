/** One toast at a time, 5000 ms, destructive style for errors. */
export const TOAST_DURATION_MS = 5000;

type ToastVariant = "default" | "destructive";
export type ToastMessage = { title: string; description?: string; variant?: ToastVariant };
