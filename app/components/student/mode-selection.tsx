import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";

import type { ActionResult } from "~/lib/action-result";
import { useHydrated } from "./timers";

type Mode = "placement" | "diagnostic";

/**
 * SPEC.md's Take a Test start: the mode (each with its minutes and questions), 'Before You Begin' and Start
 * Test, disabled until a mode is chosen. Without JavaScript the radios and the button post as a
 * plain form, and the server asks for a mode if none was chosen.
 */
export function ModeSelection({
  test,
  notes,
  canStart,
  actionResult,
  questionCounts,
}: {
  notes: string[];
  test: { title: string; subject: string; gradeLevel: string; placementDuration: number; diagnosticDuration: number };
  canStart: boolean;
  actionResult?: ActionResult<unknown>;
  /** How many questions each mode asks ("20 questions"), computed on the server (app/domain/sessions/mode-lengths). */
  questionCounts?: Record<Mode, string> | null;
}) {
  const [mode, setMode] = useState<Mode | null>(null);
  const hydrated = useHydrated();
  const starting = useNavigation().state === "submitting";
  const refusal = actionResult && !actionResult.ok ? actionResult.toast : null;
  const modes: { value: Mode; title: string; minutes: number }[] = [
    { value: "placement", title: "Placement Test", minutes: test.placementDuration },
    { value: "diagnostic", title: "Diagnostic Test", minutes: test.diagnosticDuration },
  ];

  return (
    <section aria-labelledby="test-title" className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 id="test-title" className="text-3xl font-bold text-slate-900">
          {test.title}
        </h1>
        <p className="mt-1 text-slate-700">
          {test.subject} · Grade {test.gradeLevel}
        </p>
      </header>
      <Form method="post" className="space-y-6">
        <input type="hidden" name="intent" value="start" />
        <fieldset>
          <legend className="text-lg font-semibold text-slate-900">Choose a mode</legend>
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {modes.map((entry) => (
              <label
                key={entry.value}
                htmlFor={`mode-${entry.value}`}
                className="card grid min-h-11 cursor-pointer grid-cols-[auto_1fr] gap-x-3 p-4 hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:ring-2 has-[:checked]:ring-blue-600"
              >
                <input id={`mode-${entry.value}`} type="radio" name="testMode" value={entry.value} className="mt-1 size-5" onChange={() => setMode(entry.value)} />
                <span className="font-semibold text-slate-900">{entry.title}</span>
                <span className="col-start-2 text-sm text-slate-700">{`${entry.minutes} minutes${questionCounts ? ` · ${questionCounts[entry.value]}` : ""}`}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="card p-4">
          <h2 className="font-semibold text-slate-900">Before You Begin</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
        {refusal ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {refusal.description ?? refusal.title}
          </p>
        ) : null}
        {canStart ? (
          <button type="submit" className="btn-primary min-h-11" disabled={(hydrated && mode === null) || starting}>
            {starting ? "Starting…" : "Start Test"}
          </button>
        ) : (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
            To take this test, enter your class's join code on the{" "}
            <a href="/join" className="underline">
              Student Entry
            </a>{" "}
            page.
          </p>
        )}
      </Form>
    </section>
  );
}
