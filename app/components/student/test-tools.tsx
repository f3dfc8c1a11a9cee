import { Form } from "@remix-run/react";
import { type RefObject, useEffect, useRef, useState } from "react";

import type { StudentTools } from "~/domain/accommodations/student-tools";
import { testPagePath } from "~/domain/sessions/test-page-paths";

import { LineReader } from "./line-reader";
import { useHydrated } from "./timers";

/** The shortcut that starts and stops reading aloud (announced to assistive technology too). */
const READ_ALOUD_KEY = { altKey: true, key: "r" };

type ToolsProps = {
  testId: string;
  sessionId: string;
  tools: StudentTools;
  breakSecondsLeft: number | null;
  /** The question's card: read aloud reads its `[data-read]` parts in order. */
  content: RefObject<HTMLElement>;
  measuresReading: boolean;
};

const minutes = (seconds: number) => `${Math.max(0, Math.floor(seconds / 60))} min`;

/**
 * The tools a student's accommodations give them on the test page (ADR 0032). A break is a plain
 * form post, so it works without JavaScript; reading aloud (the browser's own speech synthesis:
 * no service, no download) and the line reader need JavaScript and say so.
 */
export function TestTools({ testId, sessionId, tools, breakSecondsLeft, content, measuresReading }: ToolsProps) {
  const hydrated = useHydrated();
  const [lineReader, setLineReader] = useState(false);
  if (!tools.breaks && !tools.readAloud && !tools.masking) return null;
  return (
    <div role="toolbar" aria-label="Test tools" className="test-tools flex flex-wrap items-center gap-2">
      {tools.breaks ? (
        <Form method="post" action={testPagePath(testId, sessionId)} className="flex items-center gap-2">
          <input type="hidden" name="intent" value="pause" />
          <input type="hidden" name="sessionId" value={sessionId} />
          <button type="submit" className="btn-outline min-h-11" disabled={breakSecondsLeft !== null && breakSecondsLeft <= 0}>
            Take a Break
          </button>
          <span className="text-sm text-slate-700">{breakSecondsLeft === null ? "" : `${minutes(breakSecondsLeft)} of break left`}</span>
        </Form>
      ) : null}
      {tools.readAloud && hydrated ? <ReadAloud content={content} measuresReading={measuresReading} /> : null}
      {tools.masking && hydrated ? (
        <button type="button" className="btn-outline min-h-11" aria-pressed={lineReader} onClick={() => setLineReader((on) => !on)}>
          Line Reader
        </button>
      ) : null}
      {(tools.readAloud || tools.masking) && !hydrated ? (
        <p className="text-sm text-slate-700" data-testid="tools-need-javascript">
          Read aloud, the line reader and striking out answers need JavaScript, which is off or still loading in this browser.
        </p>
      ) : null}
      {lineReader ? <LineReader /> : null}
    </div>
  );
}

/** Reads the question and its options aloud, one part after another, outlining the part being read. */
function ReadAloud({ content, measuresReading }: { content: RefObject<HTMLElement>; measuresReading: boolean }) {
  const [reading, setReading] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const supported = typeof window !== "undefined" && "speechSynthesis" in window;

  const stop = () => {
    window.speechSynthesis.cancel();
    for (const part of content.current?.querySelectorAll(".reading-now") ?? []) part.classList.remove("reading-now");
    setReading(false);
  };

  const start = () => {
    const parts = [...(content.current?.querySelectorAll<HTMLElement>("[data-read]") ?? [])].filter((part) => part.innerText.trim());
    if (!parts.length) return;
    window.speechSynthesis.cancel();
    setReading(true);
    parts.forEach((part, index) => {
      const utterance = new SpeechSynthesisUtterance(part.innerText);
      utterance.lang = document.documentElement.lang || "en";
      utterance.onstart = () => part.classList.add("reading-now");
      utterance.onend = utterance.onerror = () => {
        part.classList.remove("reading-now");
        if (index === parts.length - 1) setReading(false);
      };
      window.speechSynthesis.speak(utterance);
    });
  };

  useEffect(() => {
    if (!supported) return;
    // The shortcut presses the button, so both do the same thing.
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey !== READ_ALOUD_KEY.altKey || event.key.toLowerCase() !== READ_ALOUD_KEY.key) return;
      event.preventDefault();
      button.current?.click();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("keydown", onKey);
      // Nothing keeps speaking once the question is gone.
      window.speechSynthesis.cancel();
    };
  }, [supported]);

  if (!supported) return <p className="text-sm text-slate-700">This browser cannot read aloud.</p>;
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn-outline min-h-11"
        aria-pressed={reading}
        aria-keyshortcuts="Alt+R"
        onClick={() => (reading ? stop() : start())}
      >
        {reading ? "Stop Reading" : "Read Aloud"} <span className="text-xs font-normal text-slate-600">(Alt+R)</span>
      </button>
      {measuresReading ? <p className="text-sm text-slate-700">This question measures reading: your teacher will see that it was read aloud.</p> : null}
    </>
  );
}
