import { Form } from "@remix-run/react";
import { lazy, type RefObject, Suspense, useState } from "react";

import { offersTestTools, type StudentTools } from "~/domain/accommodations/student-tools";
import { testPagePath } from "~/domain/sessions/test-page-paths";

import { useLoaderArea } from "./loader-area";
import { useHydrated } from "./timers";

// Loaded only for a student who has them: the test page's own JavaScript stays within its budget.
const ReadAloud = lazy(() => import("./read-aloud"));
const LineReader = lazy(() => import("./line-reader"));

type ToolsProps = {
  testId: string;
  sessionId: string;
  tools: StudentTools;
  breakSecondsLeft: number | null;
  /** The question's card: read aloud reads its `[data-read]` parts in order. */
  content: RefObject<HTMLElement>;
  measuresReading: boolean;
};

/** Whole minutes: a number below 1000 reads the same in every locale, so the template's one value is put in without the formatter. */
const minutes = (seconds: number) => Math.max(0, Math.floor(seconds / 60));

/**
 * The tools a student's accommodations give them on the test page (ADR 0032). A break is a plain
 * form post, so it works without JavaScript; reading aloud (the browser's own speech synthesis:
 * no service, no download) and the line reader need JavaScript and say so.
 */
export function TestTools({ testId, sessionId, tools, breakSecondsLeft, content, measuresReading }: ToolsProps) {
  const t = useLoaderArea("tools");
  const hydrated = useHydrated();
  const [lineReader, setLineReader] = useState(false);
  if (!offersTestTools(tools)) return null;
  return (
    <div role="toolbar" aria-label={t.toolbar} className="test-tools flex flex-wrap items-center gap-2">
      {tools.breaks ? (
        <Form method="post" action={testPagePath(testId, sessionId)} className="flex items-center gap-2">
          <input type="hidden" name="intent" value="pause" />
          <input type="hidden" name="sessionId" value={sessionId} />
          <button type="submit" className="btn-outline min-h-11" disabled={breakSecondsLeft !== null && breakSecondsLeft <= 0}>
            {t.takeBreak}
          </button>
          <span className="text-sm text-slate-700">{breakSecondsLeft === null ? "" : t.breakLeft.replace("{minutes}", String(minutes(breakSecondsLeft)))}</span>
        </Form>
      ) : null}
      {tools.readAloud && hydrated ? (
        <Suspense fallback={null}>
          <ReadAloud content={content} measuresReading={measuresReading} t={t} />
        </Suspense>
      ) : null}
      {tools.masking && hydrated ? (
        <button type="button" className="btn-outline min-h-11" aria-pressed={lineReader} onClick={() => setLineReader((on) => !on)}>
          {t.lineReader}
        </button>
      ) : null}
      {(tools.readAloud || tools.masking || tools.eliminator) && !hydrated ? (
        <p className="text-sm text-slate-700" data-testid="tools-need-javascript">
          {t.needJavaScript}
        </p>
      ) : null}
      {lineReader ? (
        <Suspense fallback={null}>
          <LineReader />
        </Suspense>
      ) : null}
    </div>
  );
}
