import { Form } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

import { BREAK_CLOCK_MESSAGES, breakCues } from "~/domain/sessions/break-clock";
import { testPagePath } from "~/domain/sessions/test-page-paths";

type BreakScreenProps = { testId: string; sessionId: string; timeRemainingSeconds: number; breakSecondsLeft: number | null };

/**
 * The break (ADR 0032): the page holds nothing of the question, which the server sends again at
 * Resume, and both clocks stand still on the server until the page ends the break (ADR 0042): at
 * Resume, or by itself when the break time runs out, so the clock never runs while this screen shows.
 */
export function BreakScreen({ testId, sessionId, timeRemainingSeconds, breakSecondsLeft }: BreakScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const resume = useRef<HTMLFormElement>(null);
  // Once set, the break's last minute has begun: the sentence above it then says 1 minute left too, never the minutes it had at the start.
  const [cue, setCue] = useState("");
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (breakSecondsLeft === null) return;
    // A timer that fires late (a laptop that slept) still asks the server, which restarts the clock then.
    const timers = breakCues(breakSecondsLeft).map(({ afterMs, kind }) =>
      setTimeout(() => (kind === "end" ? resume.current?.requestSubmit() : setCue(BREAK_CLOCK_MESSAGES.oneMinute)), afterMs),
    );
    return () => timers.forEach(clearTimeout);
  }, [breakSecondsLeft]);
  return (
    <section aria-labelledby="break-heading" className="card mx-auto max-w-3xl space-y-3 p-6" data-testid="break-screen">
      <h1 id="break-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        Your test is paused
      </h1>
      <p className="text-slate-800">
        Your clock is stopped and your answers are saved. You have {formatMinutes(timeRemainingSeconds)} of test time
        {breakSecondsLeft === null ? "" : ` and ${formatMinutes(cue ? 60 : breakSecondsLeft)} of break time`} left. When the break time runs out, the question
        comes back and the test clock starts again.
      </p>
      <p role="status" aria-live="polite" className="font-medium text-slate-900">
        {cue}
      </p>
      <Form ref={resume} method="post" action={testPagePath(testId, sessionId)}>
        <input type="hidden" name="intent" value="resume" />
        <input type="hidden" name="sessionId" value={sessionId} />
        <button type="submit" className="btn-primary min-h-11">
          Resume Test
        </button>
      </Form>
    </section>
  );
}

const formatMinutes = (seconds: number) => {
  const whole = Math.floor(seconds / 60);
  return whole === 1 ? "1 minute" : `${whole} minutes`;
};
