import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import type { ModeChoice } from "~/domain/sessions/mode-expectation";
import type { ActionResult } from "~/domain/shell/action-result";

import { useLoaderArea } from "./loader-area";
import { useHydrated } from "./timers";

type Mode = ModeChoice["value"];

/**
 * The product's Take a Test start: the mode (each with its minutes and questions), 'Before You Begin' with the time
 * and questions to expect, and Start Test, disabled until a mode is chosen. A class that fixes
 * its mode offers one, shown without a choice. `student` is who the join step left in this
 * browser's pass (ADR 0014). Without JavaScript the radios and the button post as a plain form,
 * and the server asks for a mode if none was chosen.
 */
export function ModeSelection({
  test,
  modes,
  expectations,
  notes,
  canStart,
  student,
  notice,
  actionResult,
}: {
  /** `gradeLine`: "Mathematics · Grade 6", written by the server in the page's language. */
  test: { title: string; gradeLine: string };
  modes: ModeChoice[];
  /** 'Before You Begin''s lines, written by the server in the page's language: each mode's time and questions, and when the clock starts. */
  expectations: string[];
  notes: string[];
  canStart: boolean;
  /** `detail`: "(student ID S-1) in 6B. Not you?", written by the server. */
  student: { displayName: string; detail: string } | null;
  /** Why a `?session=` could not be opened here, written by the server. */
  notice: string | null;
  actionResult?: ActionResult<unknown>;
}) {
  const t = useLoaderArea("start");
  const fixed = modes.length === 1 ? modes[0]! : null;
  // A student may pick a mode in the server's HTML before this screen's code arrives (the browser
  // keeps that HTML until then): start from their pick, or Start Test would wake up disabled
  // beside a checked mode.
  const [mode, setMode] = useState<Mode | null>(() => fixed?.value ?? modeCheckedBeforeHydration());
  const hydrated = useHydrated();
  const starting = useNavigation().state === "submitting";
  const refusal = actionResult && !actionResult.ok ? actionResult.toast : null;
  // Arriving from the join page (an in-app move), focus starts at the test's name, as on the join page and each question.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <>
      {notice ? (
        <p role="status" className="mx-auto mb-4 max-w-3xl rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          {notice}
        </p>
      ) : null}
      <section aria-labelledby="test-title" className="mx-auto max-w-3xl space-y-6">
        <header>
          <h1 id="test-title" ref={heading} tabIndex={-1} className="text-3xl font-bold text-slate-900 outline-none">
            {test.title}
          </h1>
          <p className="mt-1 text-slate-700">{test.gradeLine}</p>
        </header>
        {student ? (
          <p className="rounded-md bg-blue-50 px-3 py-2 text-blue-900" data-testid="starting-as">
            {t.startingAs} <strong className="font-semibold">{student.displayName}</strong> {student.detail}{" "}
            <a href="/join" className="underline">
              {t.joinAsSelf}
            </a>
            .
          </p>
        ) : null}
        <Form method="post" className="space-y-6">
          <input type="hidden" name="intent" value="start" />
          {fixed ? (
            <div className="card p-4" data-testid="fixed-mode">
              <input type="hidden" name="testMode" value={fixed.value} />
              <p className="font-semibold text-slate-900">{fixed.title}</p>
              <p className="text-sm text-slate-700">{fixed.summary}</p>
            </div>
          ) : (
            <fieldset>
              <legend className="text-lg font-semibold text-slate-900">{t.chooseMode}</legend>
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                {modes.map((entry) => (
                  <label
                    key={entry.value}
                    htmlFor={`mode-${entry.value}`}
                    className="card grid min-h-11 cursor-pointer grid-cols-[auto_1fr] gap-x-3 p-4 hover:bg-slate-50 has-[:checked]:border-blue-600 has-[:checked]:ring-2 has-[:checked]:ring-blue-600"
                  >
                    <input
                      id={`mode-${entry.value}`}
                      type="radio"
                      name="testMode"
                      value={entry.value}
                      className="mt-1 size-5"
                      onChange={() => setMode(entry.value)}
                    />
                    <span className="font-semibold text-slate-900">{entry.title}</span>
                    <span className="col-start-2 text-sm text-slate-700">{entry.summary}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <div className="card p-4">
            <h2 className="font-semibold text-slate-900">{t.beforeYouBegin}</h2>
            <div className="mt-2 text-slate-800" data-testid="what-to-expect">
              {expectations.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
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
              {starting ? t.starting : t.startTest}
            </button>
          ) : (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
              {t.joinFirstBefore}{" "}
              <a href="/join" className="underline">
                {t.studentEntry}
              </a>
              {t.joinFirstAfter}
            </p>
          )}
        </Form>
      </section>
    </>
  );
}

function modeCheckedBeforeHydration(): Mode | null {
  if (typeof document === "undefined") return null;
  const checked = document.querySelector<HTMLInputElement>('input[name="testMode"]:checked');
  return (checked?.value as Mode | undefined) ?? null;
}
