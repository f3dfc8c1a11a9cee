import { Form, Link, useSubmit } from "@remix-run/react";
import { useCallback, useRef, useState, useSyncExternalStore } from "react";

import { ConfirmDialog } from "~/components/dialog";
import { END_TESTS_WARNING, endConfirmTitle } from "~/domain/classes/screen-actions";
import { MAX_EXTRA_MINUTES } from "~/domain/sessions/session-state";

/**
 * The Live page's actions (ADR 0046), each a plain form posting to the page's action, so they work
 * without JavaScript; with it the page's toast reports the outcome and the socket moves the rows.
 */

const BUTTON = "btn-outline min-h-11";

const noSubscription = () => () => {};

/** Which rows' sessions are selected: their checkboxes post with the "selected" form (`form="live-selected"`). */
export function useSelection(selectable: readonly string[]) {
  const [chosen, setChosen] = useState<string[]>([]);
  // A row that finished or left the filter is no longer selectable, nor selected.
  const selected = chosen.filter((id) => selectable.includes(id));
  const toggle = useCallback((id: string, on: boolean) => setChosen((now) => (on ? [...now, id] : now.filter((other) => other !== id))), []);
  const setAll = useCallback((on: boolean) => setChosen(on ? [...selectable] : []), [selectable]);
  const clear = useCallback(() => setChosen([]), []);
  return { selected, toggle, setAll, clear };
}

type Selection = ReturnType<typeof useSelection>;

export function SelectAll({ selection, count }: { selection: Selection; count: number }) {
  return (
    <input
      type="checkbox"
      className="size-5"
      aria-label="Select all students testing"
      disabled={count === 0}
      checked={count > 0 && selection.selected.length === count}
      onChange={(event) => selection.setAll(event.target.checked)}
    />
  );
}

/** Pause, Resume, Add time (with its minutes) and End for the selected rows; End asks first. */
export function SelectedActions({ busy, selected }: { busy: boolean; selected: number }) {
  const form = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const submit = useSubmit();
  // The count is the page's script's: without it the checkboxes still post, but nothing counts them, and "0 selected" would be false.
  const counted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const endSelected = () => {
    setConfirming(false);
    const data = new FormData(form.current!);
    data.set("action", "end");
    data.set("confirmed", "yes");
    submit(data, { method: "post" });
  };
  return (
    <Form
      id="live-selected"
      method="post"
      ref={form}
      className="card mt-4 flex flex-wrap items-end gap-3 p-4"
      aria-labelledby="live-selected-title"
      data-testid="live-selected-actions"
    >
      <h2 id="live-selected-title" className="w-full text-base font-semibold text-slate-900">
        Selected students {counted ? <span className="font-normal text-slate-700">({selected} selected)</span> : null}
      </h2>
      <input type="hidden" name="intent" value="proctor" />
      <div>
        <label htmlFor="live-minutes" className="label">
          Minutes
        </label>
        <input id="live-minutes" name="minutes" type="number" min={1} max={MAX_EXTRA_MINUTES} defaultValue={5} className="input mt-1 w-24" />
      </div>
      {/* First, so Enter in the minutes field adds the time (a form submits with its first button). */}
      <button type="submit" name="action" value="extend" className={BUTTON} disabled={busy}>
        Add time
      </button>
      <button type="submit" name="action" value="pause" className={BUTTON} disabled={busy}>
        Pause
      </button>
      <button type="submit" name="action" value="resume" className={BUTTON} disabled={busy}>
        Resume
      </button>
      <button
        type="submit"
        name="action"
        value="end"
        className="btn min-h-11 bg-red-700 text-white hover:bg-red-800"
        disabled={busy}
        onClick={(event) => {
          // With JavaScript, ask here; without it the button posts and the page answers its confirm step (EndConfirm).
          event.preventDefault();
          setConfirming(true);
        }}
      >
        End
      </button>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={endSelected}
        title="End the selected tests now?"
        description={END_TESTS_WARNING}
        confirmLabel="End tests"
        busy={busy}
      />
    </Form>
  );
}

/**
 * End's confirm step for a page without JavaScript: the action answered it instead of ending.
 * Its heading takes the focus as the page loads (`autofocus` works without JavaScript), so a
 * screen reader starts at the question; only its own form ends the tests.
 */
export function EndConfirm({ sessionIds, names, cancelTo }: { sessionIds: readonly string[]; names: readonly string[]; cancelTo: string }) {
  return (
    <section className="card mt-4 border-red-300 p-4" aria-labelledby="live-end-confirm-title" data-testid="live-end-confirm">
      {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the page was loaded to ask this; without JavaScript nothing else can move the focus here. */}
      <h2 id="live-end-confirm-title" tabIndex={-1} autoFocus className="text-lg font-semibold text-slate-900 focus:outline-none">
        {endConfirmTitle(sessionIds.length)}
      </h2>
      {names.length ? (
        <ul className="mt-2 list-disc pl-6 text-slate-900" aria-label="The tests that end">
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-sm text-slate-700">{END_TESTS_WARNING}</p>
      <Form method="post" className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="proctor" />
        <input type="hidden" name="action" value="end" />
        <input type="hidden" name="confirmed" value="yes" />
        {sessionIds.map((id) => (
          <input key={id} type="hidden" name="sessionIds" value={id} />
        ))}
        <button type="submit" className="btn min-h-11 bg-red-700 text-white hover:bg-red-800">
          End tests
        </button>
        <Link to={cancelTo} className="btn-outline min-h-11">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** Pause all / Resume all: every test of the class in progress (a fire drill). */
export function ClassActions({ busy }: { busy: boolean }) {
  return (
    <Form method="post" className="mt-4 flex flex-wrap gap-3" aria-label="The whole class" data-testid="live-class-actions">
      <input type="hidden" name="intent" value="proctor-class" />
      <button type="submit" name="action" value="pause" className={BUTTON} disabled={busy}>
        Pause all
      </button>
      <button type="submit" name="action" value="resume" className={BUTTON} disabled={busy}>
        Resume all
      </button>
    </Form>
  );
}

type ActionRow = { studentId: string; studentName: string; sessionId: string | null; state: string };

/** A row's own buttons: Pause or Resume its test while it runs, and Reset PIN tries. */
export function RowActions({ row, busy }: { row: ActionRow; busy: boolean }) {
  const testing = row.sessionId !== null && row.state !== "finished";
  const step = row.state === "paused_by_teacher" ? "resume" : "pause";
  return (
    <div className="flex gap-1 whitespace-nowrap">
      {testing ? (
        <Form method="post">
          <input type="hidden" name="intent" value="proctor" />
          <input type="hidden" name="sessionIds" value={row.sessionId ?? ""} />
          <button type="submit" name="action" value={step} className="btn-ghost min-h-11 px-2 text-sm" disabled={busy}>
            {step === "pause" ? "Pause" : "Resume"}
            <span className="sr-only"> {row.studentName}</span>
          </button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="reset-pin" />
        <input type="hidden" name="studentId" value={row.studentId} />
        <button type="submit" className="btn-ghost min-h-11 px-2 text-sm" disabled={busy}>
          Reset PIN tries<span className="sr-only"> for {row.studentName}</span>
        </button>
      </Form>
    </div>
  );
}
