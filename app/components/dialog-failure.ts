import { createContext, useContext } from "react";

import type { DialogFailure } from "./toast/toast-context";

/** The refusal an open dialog shows (app/components/dialog.tsx); null when there is none. */
export const DialogFailureContext = createContext<DialogFailure | null>(null);

/**
 * The server's refusal of a field inside an open dialog, matched by the field's name or the end
 * of its dotted path ("joinCode" matches "values.joinCode"); undefined outside a dialog.
 */
export function useDialogFieldError(field: string): string | undefined {
  const failure = useContext(DialogFailureContext);
  if (!failure) return undefined;
  const key = Object.keys(failure.fieldErrors).find((path) => path === field || path.endsWith(`.${field}`));
  return key ? failure.fieldErrors[key] : undefined;
}
