import { useActionData, useNavigate } from "@remix-run/react";
import { Sparkles } from "lucide-react";
import { useState } from "react";

import { FormAlert } from "~/components/action-result";
import { useToast } from "~/components/toast/toast-context";
import { analyticsHref } from "~/domain/analytics/analytics-scope";
import { DEMO_DATA_FAILED, demoGeneratedToast } from "~/domain/analytics/screen-actions";
import type { ActionResult } from "~/domain/shell/action-result";
import { JSON_LINES_TYPE, readJsonLines, type ProgressLine } from "~/lib/json-lines";
import type { DemoCohort, DemoProgress } from "~/services/demo-cohort.server";

type Run = { state: "idle" } | { state: "running"; progress: DemoProgress | null } | { state: "failed"; message: string };

/** Posts to POST /api/analytics/seed-demo and follows its progress lines (docs/api.md); answers the demo or throws the reason. */
async function generateDemo(onProgress: (progress: DemoProgress) => void): Promise<DemoCohort> {
  const response = await fetch("/api/analytics/seed-demo", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: JSON_LINES_TYPE },
    body: "{}",
  });
  if (!response.ok || !response.body) {
    const answer = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(answer?.message ?? DEMO_DATA_FAILED);
  }
  let demo: DemoCohort | null = null;
  let failure: string | null = null;
  await readJsonLines(response.body, (value) => {
    const line = value as ProgressLine<DemoProgress, DemoCohort>;
    if ("progress" in line) onProgress(line.progress);
    else if ("result" in line) demo = line.result;
    else failure = line.error;
  });
  if (!demo) throw new Error(failure ?? DEMO_DATA_FAILED);
  return demo;
}

/**
 * 'Generate demo data'. With JavaScript it shows how many simulated students
 * have taken the test so far, as the server reports each one, then opens the class's analytics.
 * Without it the form posts to the screen's action, which generates and redirects there.
 * Generating again refreshes the one demo class in place.
 */
export function DemoDataButton() {
  // Without JavaScript the post is a document request and its answer arrives as the page's action data.
  const documentResult = useActionData<ActionResult>();
  const [run, setRun] = useState<Run>({ state: "idle" });
  const navigate = useNavigate();
  const { toast } = useToast();
  const busy = run.state === "running";
  const progress = run.state === "running" ? run.progress : null;

  const start = async () => {
    setRun({ state: "running", progress: null });
    try {
      const demo = await generateDemo((reported) => setRun({ state: "running", progress: reported }));
      toast(demoGeneratedToast(demo));
      setRun({ state: "idle" });
      navigate(analyticsHref({ cohortId: demo.cohort.id, testConfigId: demo.test.id }));
    } catch (error) {
      setRun({ state: "failed", message: error instanceof Error && error.message ? error.message : DEMO_DATA_FAILED });
    }
  };

  return (
    <div className="flex flex-col items-end gap-2">
      <form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void start();
        }}
      >
        <input type="hidden" name="intent" value="generateDemo" />
        <button type="submit" className="btn-outline" disabled={busy} aria-describedby="demo-data-status">
          <Sparkles aria-hidden="true" className="size-4" />
          {busy ? "Generating demo data…" : "Generate demo data"}
        </button>
      </form>
      {progress ? <progress className="h-2 w-48 accent-brand-600" max={progress.total} value={progress.done} aria-labelledby="demo-data-status" /> : null}
      <p id="demo-data-status" role="status" className="max-w-60 text-right text-sm text-slate-700">
        {busy ? (progress ? `${progress.done} of ${progress.total} simulated students have taken the test` : "Preparing the demo class…") : ""}
      </p>
      {run.state === "failed" ? (
        <p id="demo-data-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {run.message}
        </p>
      ) : (
        <FormAlert result={documentResult} id="demo-data-error" />
      )}
    </div>
  );
}
