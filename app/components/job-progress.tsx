import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ZodType, ZodTypeDef } from "zod";

import type { ActionResult, QueuedResult } from "~/domain/shell/action-result";
import type { ToastMessage } from "~/domain/shell/toast";

import { useActionResult } from "./action-result";
import { useToast } from "./toast/toast-context";

/** GET /api/jobs/{id}'s answer, as far as a waiting screen needs it. */
type JobView = {
  id: string;
  status: "queued" | "running" | "succeeded" | "failed";
  result?: unknown;
  error: string | null;
  progress: { done: number; total: number; of?: "people" } | null;
};

const POLL_MS = 1000;

/**
 * Follows a queued job the server stopped waiting for, polling GET /api/jobs/{id} each second
 * until it succeeds or fails; answers its latest view (null before the first answer). Admin screens only.
 */
export function useJobPolling(jobId: string | null, handlers: { onSucceeded: (result: unknown) => void; onFailed: (error: string) => void }): JobView | null {
  const poll = useFetcher<JobView>();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const job = jobId && poll.data?.id === jobId ? poll.data : null;
  const finished = job?.status === "succeeded" || job?.status === "failed";
  const { load } = poll;
  useEffect(() => {
    if (!jobId || finished) return;
    load(`/api/jobs/${jobId}`);
    const timer = setInterval(() => load(`/api/jobs/${jobId}`), POLL_MS);
    return () => clearInterval(timer);
  }, [jobId, finished, load]);
  useEffect(() => {
    if (job?.status === "succeeded") latest.current.onSucceeded(job.result);
    if (job?.status === "failed") latest.current.onFailed(job.error ?? "The job failed.");
  }, [job?.status, job?.result, job?.error]);
  return job;
}

/**
 * The client half of an AI task a screen waits for (generate, format, preview grading): the
 * action's immediate result, or the job it handed back, polled until it lands. The result's
 * toast comes from the server when it answered at once, and from `resultToast` after polling.
 * Returns whether a job is still being waited for.
 */
export function useQueuedResult<T>(
  source: { data: ActionResult<QueuedResult<T>> | undefined; state: "idle" | "submitting" | "loading" },
  options: {
    schema: ZodType<T, ZodTypeDef, unknown>;
    onResult: (value: T) => void;
    resultToast?: (value: T) => ToastMessage;
    failure: { title: string; description: string };
  },
): boolean {
  const { toast } = useToast();
  const [pendingJob, setPendingJob] = useState<string | null>(null);
  const fail = (description: string) => toast({ title: options.failure.title, description, variant: "destructive" });
  useActionResult(source, {
    onSuccess: ({ data }) => {
      if (data && "result" in data) options.onResult(data.result);
      if (data && "pending" in data) setPendingJob(data.pending);
    },
  });
  useJobPolling(pendingJob, {
    onSucceeded: (value) => {
      setPendingJob(null);
      const parsed = options.schema.safeParse(value);
      if (!parsed.success) return fail(options.failure.description);
      options.onResult(parsed.data);
      if (options.resultToast) toast(options.resultToast(parsed.data));
    },
    onFailed: (error) => {
      setPendingJob(null);
      fail(error);
    },
  });
  return pendingJob !== null;
}

/** The spinner and message a screen shows while AI work runs; announced once to screen readers. */
export function JobSpinner({ message }: { message: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-slate-700">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <p>{message}</p>
    </div>
  );
}
