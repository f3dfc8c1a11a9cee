import { createDatabase, type Database } from "~/db/client.server";
import type { GradingResult } from "~/domain/ai/schemas";
import { JobFailure } from "~/domain/jobs/job-failure";
import { type JobInput, jobInputSchema, jobMessageSchema, MAX_RETRIES, retryDelaySeconds } from "~/domain/jobs/job-messages";
import type { JobStep } from "~/domain/jobs/job-parts";
import type { Env } from "~/env";
import { runRosterBundlePart } from "~/features/students/roster-bundle-job.server";
import { runRosterCsvImportPart, runRosterImportPart } from "~/features/students/roster-import-job.server";
import { findJob, markJobRunning, markJobSucceeded, recordJobError } from "~/models/jobs.server";
import { type Delivery, runAiJob } from "~/services/ai/ai-jobs.server";
import { aiProviderFor } from "~/services/ai/index.server";
import { loadConfig } from "~/services/config.server";
import { runDemoPart } from "~/services/demo-class.server";

/** Runs one job (or one part of a job in parts). Each kind is one case; TypeScript checks they are all here. */
async function runJob(env: Env, db: Database, job: { id: string; input: JobInput; part: number }, delivery: Delivery): Promise<JobStep> {
  const { input } = job;
  switch (input.kind) {
    case "ping":
      return { finished: true, result: { echo: input.echo, handledAt: new Date().toISOString() } };
    case "grade_answer":
    case "generate_test":
    case "format_test": {
      const deps = { db, provider: aiProviderFor(loadConfig(env).ai, env), applyToSession: gradeToSession(env) };
      return { finished: true, result: await runAiJob(deps, input, delivery) };
    }
    case "seed_demo":
      return runDemoPart({ db, env }, job.id, input, job.part);
    case "roster_import":
      return runRosterImportPart({ db, env }, job.id, input, job.part);
    case "roster_csv_import":
      return runRosterCsvImportPart({ db, env }, job.id, input, job.part);
    case "roster_bundle":
      return runRosterBundlePart({ db, env, deletionKey: loadConfig(env).deletionKey }, job.id, input, job.part);
    default: {
      const unhandled: never = input;
      throw new Error(`No handler for job ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * The session's object takes the model's grade and writes it to D1 at once, the answer and the
 * session's results together, so lists and analytics have it when the job is done; a session it
 * does not know is fine. A failed write stays pending in the object, whose alarm retries it: the
 * job has done its part, and retrying it would ask the model again.
 */
const gradeToSession = (env: Env) => async (sessionId: string, questionId: string, grade: GradingResult) => {
  const { score, feedback, strengths, improvements, confidence } = grade;
  const session = env.TEST_SESSION.get(env.TEST_SESSION.idFromName(sessionId));
  // The confidence decides whether the answer awaits its teacher (scoring.ts `gradingOf`).
  const applied = await session.applyModelGrade({ questionId, grade: { score, feedback, strengths, improvements, confidence } });
  if (!applied.ok) return;
  const flushed = await session.flush();
  if (!flushed.ok || !flushed.written) console.error("Writing a model grade to D1 failed; the session will retry", sessionId, questionId);
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function processMessage(env: Env, db: Database, message: Message<unknown>): Promise<void> {
  const parsedMessage = jobMessageSchema.safeParse(message.body);
  if (!parsedMessage.success) {
    console.error("Dropping a malformed job message", message.id);
    message.ack();
    return;
  }
  const { jobId, part = 0 } = parsedMessage.data;
  const job = await markJobRunning(db, jobId);
  if (!job) {
    // Unknown id, or a redelivery of a job that already finished: nothing to do.
    message.ack();
    return;
  }
  const input = jobInputSchema.safeParse(job.input);
  if (!input.success) {
    await recordJobError(db, jobId, `Invalid job input: ${input.error.message}`, true);
    message.ack();
    return;
  }
  const final = message.attempts > MAX_RETRIES;
  try {
    const step = await runJob(env, db, { id: jobId, input: input.data, part }, { final });
    if (step.finished) await markJobSucceeded(db, jobId, step.result);
    message.ack();
  } catch (error) {
    // A failure that another try cannot fix ends the job now instead of after every retry.
    const permanent = error instanceof JobFailure && !error.retryable;
    await recordJobError(db, jobId, errorText(error), final || permanent);
    if (permanent && !final) message.ack();
    // After the last delivery the queue moves the message to the dead-letter queue (kept for operators).
    else message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
  }
}

/** Messages that exhausted their retries: make sure D1 says the job failed. */
async function processDeadLetter(db: Database, message: Message<unknown>): Promise<void> {
  const parsed = jobMessageSchema.safeParse(message.body);
  if (parsed.success) {
    const job = await findJob(db, parsed.data.jobId);
    if (job && job.status !== "succeeded" && job.status !== "failed") {
      await recordJobError(db, job.id, job.error ?? "The job gave up after every retry.", true);
    }
  }
  message.ack();
}

export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const db = createDatabase(env.DB);
  const deadLetter = batch.queue.endsWith("-dlq");
  for (const message of batch.messages) {
    try {
      if (deadLetter) await processDeadLetter(db, message);
      else await processMessage(env, db, message);
    } catch (error) {
      // D1 itself failed: let the queue deliver the message again later.
      console.error("Job message failed", message.id, errorText(error));
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
