import { Form, useActionData, useLocation, useNavigation, useRevalidator } from "@remix-run/react";
import { Sparkles } from "lucide-react";

import { FormAlert } from "~/components/action-result";
import { useJobPolling } from "~/components/job-progress";
import type { JobProgress } from "~/domain/jobs/job-messages";
import type { ActionResult } from "~/domain/shell/action-result";

/** A generation the page follows (its loader read the job named by `?demoJob=`). */
type FollowedDemo = { state: "running"; jobId: string; progress: JobProgress | null } | { state: "failed"; message: string } | null;

const statusText = (progress: JobProgress | null) =>
  progress ? `${progress.done} of ${progress.total} simulated students have taken the test` : "Preparing the demo class…";

/**
 * 'Generate demo data'. The post prepares the demo class and queues its simulated students, then
 * lands on the class's analytics with `?demoJob=`: the page shows how many students have taken the
 * test, polling the job each second, and reloads when it is done (the loader then moves on to the
 * analytics with the toast). Without JavaScript a link reloads the page for the latest figure.
 * Generating again refreshes the one demo class in place.
 */
export function DemoDataButton({ demo }: { demo: FollowedDemo }) {
  // A refusal (no demo test to copy) comes back as the action's data, with or without JavaScript.
  const refused = useActionData<ActionResult>();
  const navigation = useNavigation();
  const location = useLocation();
  const { revalidate } = useRevalidator();
  const running = demo?.state === "running" ? demo : null;
  const job = useJobPolling(running?.jobId ?? null, { onSucceeded: revalidate, onFailed: revalidate });
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "generateDemo";
  const busy = submitting || running !== null;
  const progress = job?.progress ?? running?.progress ?? null;

  return (
    <div className="flex flex-col items-end gap-2">
      <Form method="post">
        <input type="hidden" name="intent" value="generateDemo" />
        <button type="submit" className="btn-outline" disabled={busy} aria-describedby="demo-data-status">
          <Sparkles aria-hidden="true" className="size-4" />
          {busy ? "Generating demo data…" : "Generate demo data"}
        </button>
      </Form>
      {progress ? <progress className="h-2 w-48 accent-brand-600" max={progress.total} value={progress.done} aria-labelledby="demo-data-status" /> : null}
      <p id="demo-data-status" role="status" className="max-w-60 text-right text-sm text-slate-700">
        {busy ? statusText(running ? progress : null) : ""}
      </p>
      {running ? (
        <noscript>
          <a className="text-sm text-brand-700 underline" href={`${location.pathname}${location.search}`}>
            Check progress
          </a>
        </noscript>
      ) : null}
      {demo?.state === "failed" ? (
        <p id="demo-data-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {demo.message}
        </p>
      ) : (
        <FormAlert result={refused} id="demo-data-error" />
      )}
    </div>
  );
}
