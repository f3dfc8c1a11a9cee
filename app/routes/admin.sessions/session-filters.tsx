import { Form, useSubmit } from "@remix-run/react";
import { Search } from "lucide-react";
import { useEffect, useRef, useSyncExternalStore } from "react";

import { sessionListSearch, type SessionFilterValues } from "~/domain/sessions/session-list";

/** The student search waits for a pause in typing; the selects apply at once. */
const SEARCH_DEBOUNCE_MS = 300;
const noSubscription = () => () => {};
const FIELDS = ["test", "student", "status"] as const;

/**
 * Test, Student Name and Status (SPEC.md section 2): a GET form whose fields are the URL's params,
 * so a view works without JavaScript, survives a reload and can be shared. With JavaScript it
 * applies as the teacher types, replacing the history entry, and the Apply button is hidden.
 */
export function SessionFilters({ values, tests }: { values: SessionFilterValues; tests: { id: string; title: string }[] }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const apply = () => {
    if (!form.current) return;
    const data = new FormData(form.current);
    const chosen = Object.fromEntries(FIELDS.map((name) => [name, String(data.get(name) ?? "")])) as SessionFilterValues;
    submit(sessionListSearch(chosen), { method: "get", replace: true, preventScrollReset: true });
  };

  // Back/forward or a page link changes the URL: show its filters, but never under the teacher's cursor.
  useEffect(() => {
    for (const name of FIELDS) {
      const field = form.current?.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field !== document.activeElement) field.value = values[name];
    }
  }, [values]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      ref={form}
      method="get"
      className="card mt-6 grid gap-3 p-4 sm:grid-cols-3"
      role="search"
      aria-label="Filter sessions"
      onChange={(event) => {
        clearTimeout(timer.current);
        if ((event.target as HTMLElement).getAttribute("name") === "student") timer.current = setTimeout(apply, SEARCH_DEBOUNCE_MS);
        else apply();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        apply();
      }}
    >
      <div>
        <label htmlFor="sessions-test" className="label">
          Test
        </label>
        <select id="sessions-test" name="test" className="input mt-1" defaultValue={values.test}>
          <option value="">All Tests</option>
          {tests.map((test) => (
            <option key={test.id} value={test.id}>
              {test.title}
            </option>
          ))}
        </select>
      </div>
      <div className="relative">
        <label htmlFor="sessions-student" className="label">
          Student Name
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute bottom-2.5 left-3 size-4 text-slate-500" />
        <input id="sessions-student" name="student" type="search" maxLength={200} className="input mt-1 pl-9" defaultValue={values.student} />
      </div>
      <div>
        <label htmlFor="sessions-status" className="label">
          Status
        </label>
        <select id="sessions-status" name="status" className="input mt-1" defaultValue={values.status}>
          <option value="all">All Statuses</option>
          <option value="completed">Completed</option>
          <option value="in_progress">In Progress</option>
        </select>
      </div>
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
