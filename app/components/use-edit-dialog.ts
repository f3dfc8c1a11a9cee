import { useCallback, useState } from "react";

/**
 * Which record a create-or-edit dialog is open for: null for a new one. Each opening gets its own
 * `key`, so the dialog mounts afresh with that record's values instead of the last ones typed.
 */
export function useEditDialog<Editable>() {
  const [editing, setEditing] = useState<{ key: number; record: Editable | null } | null>(null);
  const openNew = useCallback(() => setEditing({ key: Date.now(), record: null }), []);
  const openEdit = useCallback((record: Editable) => setEditing({ key: Date.now(), record }), []);
  const close = useCallback(() => setEditing(null), []);
  return { editing, openNew, openEdit, close };
}
