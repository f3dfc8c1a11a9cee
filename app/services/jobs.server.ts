import type { Database } from "~/db/client.server";
import type { JobInput } from "~/domain/jobs/job-messages";
import { insertJob, recordJobError, type JobRow } from "~/models/jobs.server";

/**
 * Records a job in D1, then puts its id on the queue. If the queue refuses the message the
 * job is marked failed at once, so a screen polling it shows the error instead of waiting forever.
 */
export async function enqueueJob(queue: Queue<{ jobId: string }>, db: Database, input: JobInput, createdBy: string | null): Promise<JobRow> {
  const job = await insertJob(db, input, createdBy);
  try {
    await queue.send({ jobId: job.id });
  } catch (error) {
    const message = `Could not queue the job: ${error instanceof Error ? error.message : String(error)}`;
    await recordJobError(db, job.id, message, true);
    return { ...job, status: "failed", error: message };
  }
  return job;
}
