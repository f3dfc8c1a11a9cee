import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useSyncExternalStore } from "react";

import { QuestionFilters } from "~/components/questions/question-filters";
import { questionListSearch, type QuestionFilterValues } from "~/domain/questions/question-list";

/** Search waits for a pause in typing; the selects apply at once. */
const SEARCH_DEBOUNCE_MS = 300;
const noSubscription = () => () => {};

/**
 * The filter form: a GET form whose fields are the URL's params, so it works without JavaScript
 * (Enter or the Apply button submits). With JavaScript it submits as the teacher types, replacing
 * the history entry, and the Apply button is hidden.
 */
export function BankFilters({ values }: { values: QuestionFilterValues }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const apply = () => {
    if (!form.current) return;
    const data = new FormData(form.current);
    const chosen = Object.fromEntries(["search", "type", "difficulty"].map((name) => [name, String(data.get(name) ?? "")]));
    submit(questionListSearch(chosen as QuestionFilterValues), { method: "get", replace: true, preventScrollReset: true });
  };

  // Back/forward or a page link changes the URL: show its filters, but never under the teacher's cursor.
  useEffect(() => {
    for (const [name, value] of Object.entries(values)) {
      const field = form.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
        if (field !== document.activeElement) field.value = value;
      }
    }
  }, [values]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      ref={form}
      method="get"
      className="card mt-6 grid gap-3 p-4 sm:grid-cols-3"
      role="search"
      onChange={(event) => {
        clearTimeout(timer.current);
        if ((event.target as HTMLElement).getAttribute("name") === "search") timer.current = setTimeout(apply, SEARCH_DEBOUNCE_MS);
        else apply();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        apply();
      }}
    >
      <QuestionFilters idPrefix="bank" values={values} />
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
