import { Form, useSubmit } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useSyncExternalStore } from "react";

/** A text filter waits for a pause in typing; the selects apply at once. */
const TEXT_DEBOUNCE_MS = 300;
const noSubscription = () => () => {};

/**
 * A list's filters as a GET form whose fields are the URL's params (ADR 0007), so a view works
 * without JavaScript (Enter or the Apply button submits), survives a reload and can be shared.
 * With JavaScript it applies as the teacher types, replacing the history entry, and the Apply
 * button is hidden. `values` names the fields; `toSearch` builds the URL's query from them.
 */
export function LiveFilterForm<Values extends Record<string, string>>({
  values,
  textField,
  toSearch,
  label,
  children,
}: {
  values: Values;
  /** The free-text field (or fields), debounced. */
  textField: (keyof Values & string) | (keyof Values & string)[];
  toSearch: (values: Values) => URLSearchParams;
  label?: string;
  children: ReactNode;
}) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const apply = () => {
    if (!form.current) return;
    const data = new FormData(form.current);
    const chosen = Object.fromEntries(Object.keys(values).map((name) => [name, String(data.get(name) ?? "")])) as Values;
    submit(toSearch(chosen), { method: "get", replace: true, preventScrollReset: true });
  };

  // Back/forward or a page link changes the URL: show its filters, but never under the teacher's cursor.
  useEffect(() => {
    for (const [name, value] of Object.entries(values)) {
      const field = form.current?.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field !== document.activeElement) field.value = value;
    }
  }, [values]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      ref={form}
      method="get"
      className="card mt-6 grid gap-3 p-4 sm:grid-cols-3"
      role="search"
      aria-label={label}
      onChange={(event) => {
        clearTimeout(timer.current);
        if ([textField].flat().includes((event.target as HTMLElement).getAttribute("name") ?? "")) timer.current = setTimeout(apply, TEXT_DEBOUNCE_MS);
        else apply();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        apply();
      }}
    >
      {children}
      {hydrated ? null : (
        <div className="sm:col-span-3">
          <button type="submit" className="btn-outline">
            Apply filters
          </button>
        </div>
      )}
    </Form>
  );
}
