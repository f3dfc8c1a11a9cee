import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** GET /api/jobs/{id}'s answer, as far as a waiting screen needs it. */
type JobView = { id: string; status: "queued" | "running" | "succeeded" | "failed"; result: unknown; error: string | null };

const POLL_MS = 1000;

/**
 * Follows a queued job the server stopped waiting for (its action answered `{pending: jobId}`),
 * polling GET /api/jobs/{id} each second until it succeeds or fails. Admin screens only.
 */
export function useJobPolling(jobId: string | null, handlers: { onSucceeded: (result: unknown) => void; onFailed: (error: string) => void }) {
  const poll = useFetcher<JobView>();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const { load } = poll;
  useEffect(() => {
    if (!jobId) return;
    load(`/api/jobs/${jobId}`);
    const timer = setInterval(() => load(`/api/jobs/${jobId}`), POLL_MS);
    return () => clearInterval(timer);
  }, [jobId, load]);
  const job = poll.data;
  useEffect(() => {
    if (!jobId || !job || job.id !== jobId) return;
    if (job.status === "succeeded") latest.current.onSucceeded(job.result);
    if (job.status === "failed") latest.current.onFailed(job.error ?? "The job failed.");
  }, [job, jobId]);
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
