import { Form } from "@remix-run/react";

import { ALL_WINDOWS } from "~/domain/analytics/analytics-window";
import { windowDays } from "~/domain/growth/dates";

type Window = { id: string; name: string; startsOn: string; endsOn: string };

/**
 * Which testing window the report reads, and the choice of another: a plain GET form, so the
 * window is in the URL (shared, reloaded, exported) and the picker works without JavaScript.
 */
export function WindowPicker({ windows, shown, query }: { windows: Window[]; shown: Window | null; query: { cohortId: string; testConfigId: string | null } }) {
  return (
    <section aria-labelledby="analytics-window" className="card flex flex-wrap items-end justify-between gap-4 p-4">
      <p id="analytics-window" className="text-sm text-slate-700" data-testid="analytics-window">
        {shown ? (
          <>
            Testing window <strong className="text-slate-900">{shown.name}</strong> ({windowDays(shown)}): each student once, by their latest completed session
            in it.
          </>
        ) : (
          <>All of the class&apos;s sessions: each student once, by their latest completed session.</>
        )}
      </p>
      {windows.length ? (
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="cohortId" value={query.cohortId} />
          {query.testConfigId ? <input type="hidden" name="testConfigId" value={query.testConfigId} /> : null}
          <div>
            <label htmlFor="analytics-window-id" className="label">
              Testing window
            </label>
            <select
              key={shown?.id ?? ALL_WINDOWS}
              id="analytics-window-id"
              name="windowId"
              defaultValue={shown?.id ?? ALL_WINDOWS}
              className="input mt-1 min-w-48"
            >
              {windows.map((window) => (
                <option key={window.id} value={window.id}>
                  {`${window.name} (${windowDays(window)})`}
                </option>
              ))}
              <option value={ALL_WINDOWS}>All windows</option>
            </select>
          </div>
          <button type="submit" className="btn-outline">
            Show window
          </button>
        </Form>
      ) : null}
    </section>
  );
}
