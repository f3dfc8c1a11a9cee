import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { breakCues } from "~/domain/sessions/break-clock";
import { testPagePath } from "~/domain/sessions/test-page-paths";

import { useLoaderArea } from "./loader-area";

type BreakScreenProps = {
  testId: string;
  /** The paused session as the loader sent it; `breakNote`: what the screen says of the clocks, written by the server, now and once the break's last minute has begun. */
  session: {
    id: string;
    breakSecondsLeft: number | null;
    breakNote: { now: string; lastMinute: string };
    heldByTeacher: { heading: string; note: string } | null;
  };
};

/**
 * The break (ADR 0032): the page holds nothing of the question, which the server sends again at
 * Resume, and both clocks stand still on the server until the page ends the break (ADR 0042): at
 * Resume, or by itself when the break time runs out, so the clock never runs while this screen shows.
 * Its texts are written by the server in the page's language (ADR 0045).
 */
export function BreakScreen({ testId, session }: BreakScreenProps) {
  const { id: sessionId, breakSecondsLeft, breakNote: note, heldByTeacher: held } = session;
  const t = useLoaderArea("breaks");
  const heading = useRef<HTMLHeadingElement>(null);
  const resume = useRef<HTMLFormElement>(null);
  // Once set, the break's last minute has begun: the sentence above it then says 1 minute left too, never the minutes it had at the start.
  const [cue, setCue] = useState("");
  // On the screen's first showing, and again when the teacher's pause takes over a break: that
  // screen is a new one (its own key), and its heading taking the focus is what a screen reader
  // announces; a heading rewritten in place, or a status region born with its text, says nothing.
  const isHeld = held !== null;
  useEffect(() => heading.current?.focus(), [isHeld]);
  useEffect(() => {
    // A teacher's pause has no allowance to run out: only the teacher ends it (ADR 0046).
    if (breakSecondsLeft === null || held) return;
    // A timer that fires late (a laptop that slept) still asks the server, which restarts the clock then.
    const timers = breakCues(breakSecondsLeft).map(({ afterMs, kind }) =>
      setTimeout(() => (kind === "end" ? resume.current?.requestSubmit() : setCue(t.oneMinute)), afterMs),
    );
    return () => timers.forEach(clearTimeout);
  }, [breakSecondsLeft, held, t.oneMinute]);
  if (held) {
    return (
      <section key="held" aria-labelledby="break-heading" className="card mx-auto max-w-3xl space-y-3 p-6" data-testid="break-screen">
        <h1 id="break-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
          {held.heading}
        </h1>
        <p role="status" aria-live="polite" className="text-slate-800" data-testid="teacher-paused">
          {held.note}
        </p>
      </section>
    );
  }
  return (
    <section key="break" aria-labelledby="break-heading" className="card mx-auto max-w-3xl space-y-3 p-6" data-testid="break-screen">
      <h1 id="break-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        {t.heading}
      </h1>
      <p className="text-slate-800">{cue ? note.lastMinute : note.now}</p>
      <p role="status" aria-live="polite" className="font-medium text-slate-900">
        {cue}
      </p>
      <Form ref={resume} method="post" action={testPagePath(testId, sessionId)}>
        <input type="hidden" name="intent" value="resume" />
        <input type="hidden" name="sessionId" value={sessionId} />
        <button type="submit" className="btn-primary min-h-11">
          {t.resume}
        </button>
      </Form>
    </section>
  );
}
