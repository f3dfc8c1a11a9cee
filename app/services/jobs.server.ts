import type { Database } from "~/db/client.server";
import type { JobInput, JobMessage, JobProgress } from "~/domain/jobs/job-messages";
import { insertJob, type JobRow, recordJobError } from "~/models/jobs.server";

/**
 * Records a job in D1, then puts its id on the queue. If the queue refuses the message the
 * job is marked failed at once, so a screen polling it shows the error instead of waiting forever.
 * `stage` writes what the job's parts need (job_parts) once its id is known and before it is
 * queued; if it fails the job is marked failed and the error goes on to the caller.
 */
export async function enqueueJob(
  queue: Queue<JobMessage>,
  db: Database,
  input: JobInput,
  createdBy: string | null,
  progress: JobProgress | null = null,
  stage?: (jobId: string) => Promise<void>,
): Promise<JobRow> {
  const job = await insertJob(db, input, createdBy, progress);
  if (stage) {
    try {
      await stage(job.id);
    } catch (error) {
      await recordJobError(db, job.id, `Could not stage the job: ${error instanceof Error ? error.message : String(error)}`, true);
      throw error;
    }
  }
  try {
    // A job in parts starts with its first part; the others are queued by the part before them.
    await queue.send(progress ? { jobId: job.id, part: 0 } : { jobId: job.id });
  } catch (error) {
    const message = `Could not queue the job: ${error instanceof Error ? error.message : String(error)}`;
    await recordJobError(db, job.id, message, true);
    return { ...job, status: "failed", error: message };
  }
  return job;
}

/**
 * The /api answer for work left running on the queue: 202 with the job to poll (Location:
 * /api/jobs/{id}), and whatever the caller already knows about the outcome beside it.
 */
export function acceptedJobResponse(jobId: string, known: Record<string, unknown> = {}): Response {
  const poll = `/api/jobs/${jobId}`;
  return Response.json({ ...known, jobId, status: "pending", poll }, { status: 202, headers: { "Cache-Control": "no-store", Location: poll } });
}
