import type { AppLoadContext } from "@remix-run/cloudflare";
import type { ZodType, ZodTypeDef } from "zod";

import type { Database } from "~/db/client.server";
import type { AiConfig } from "~/domain/ai/ai-config";
import type { GenerationRequest } from "~/domain/ai/generation-request";
import { type GradingQuestion, type StudentAnswer } from "~/domain/ai/grading-request";
import { formattedDraftSchema, generatedDraftSchema, previewGradeSchema } from "~/domain/ai/schemas";
import { DEFAULT_AI_MODEL } from "~/domain/assessments/ai-cost";
import type { JobInput } from "~/domain/jobs/job-messages";
import type { ContentLanguage } from "~/domain/questions/content-language";
import type { QueuedResult } from "~/domain/shell/action-result";
import type { ToastMessage } from "~/domain/shell/toast";
import type { Env } from "~/env";
import { type DomainError, unprocessable, upstream } from "~/lib/errors";
import { findJob, type JobRow } from "~/models/jobs.server";
import { acceptedJobResponse, enqueueJob } from "~/services/jobs.server";

/**
 * The AI tasks a screen or an /api call waits for. Each is a job on the queue;
 * the caller waits for it by reading its row in D1, up to a limit, so the API keeps the product's
 * shapes (POST /api/tests/generate answers with the test). A job still running at the limit is
 * answered as pending with its id, to be polled at GET /api/jobs/{id} (docs/api.md).
 */
type TaskDeps = { env: Pick<Env, "JOBS">; db: Database; userId: string | null; waitMs: number };

/** What a route hands the AI tasks: its bindings, database, the caller and the configured wait. */
export function aiTasksFor(context: AppLoadContext, userId: string | null): TaskDeps {
  return { env: context.cloudflare.env, db: context.db, userId, waitMs: context.config.ai.jobWaitMs };
}

type JobWait<T> = { status: "succeeded"; jobId: string; value: T } | { status: "failed"; jobId: string; error: string } | { status: "pending"; jobId: string };

const POLL_MS = 150;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads a finished job's outcome; a result that does not match the task's shape is a failure, not a crash. */
function jobOutcome<T>(job: JobRow, schema: ZodType<T, ZodTypeDef, unknown>): JobWait<T> {
  if (job.status === "failed") return { status: "failed", jobId: job.id, error: job.error ?? "The job failed." };
  if (job.status !== "succeeded") return { status: "pending", jobId: job.id };
  const parsed = schema.safeParse(job.result);
  return parsed.success
    ? { status: "succeeded", jobId: job.id, value: parsed.data }
    : { status: "failed", jobId: job.id, error: "The job's result was not readable." };
}

async function waitForJob<T>(db: Database, jobId: string, schema: ZodType<T, ZodTypeDef, unknown>, waitMs: number): Promise<JobWait<T>> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const job = await findJob(db, jobId);
    if (!job) return { status: "failed", jobId, error: "The job was lost." };
    const outcome = jobOutcome(job, schema);
    if (outcome.status !== "pending" || Date.now() >= deadline) return outcome;
    await sleep(POLL_MS);
  }
}

async function enqueueAndWait<T>(deps: TaskDeps, input: JobInput, schema: ZodType<T, ZodTypeDef, unknown>): Promise<JobWait<T>> {
  const job = await enqueueJob(deps.env.JOBS, deps.db, input, deps.userId);
  if (job.status === "failed") return { status: "failed", jobId: job.id, error: job.error ?? "The job could not be queued." };
  return waitForJob(deps.db, job.id, schema, deps.waitMs);
}

export function generateTestDraft(deps: TaskDeps, request: GenerationRequest) {
  return enqueueAndWait(deps, { kind: "generate_test", request, aiModel: DEFAULT_AI_MODEL }, generatedDraftSchema);
}

export function formatTestContent(deps: TaskDeps, rawContent: string, language: ContentLanguage) {
  return enqueueAndWait(deps, { kind: "format_test", rawContent, aiModel: DEFAULT_AI_MODEL, language }, formattedDraftSchema);
}

/** Question-bank preview grading: graded and logged like a student's answer, with no session. */
export function previewGrade(deps: TaskDeps, question: GradingQuestion, answer: StudentAnswer, aiModel = DEFAULT_AI_MODEL) {
  return enqueueAndWait(deps, { kind: "grade_answer", question, answer, aiModel, sessionId: null, questionId: question.id ?? null }, previewGradeSchema);
}

/**
 * For the student journey: queues the model's grade of a session's answer and returns at once.
 * The job writes the log row and the answer's grade (models/grading-logs.server.ts).
 */
export function queueAnswerGrading(
  deps: TaskDeps,
  input: { sessionId: string; questionId: string; question: GradingQuestion; answer: StudentAnswer; aiModel: string },
): Promise<JobRow> {
  return enqueueJob(deps.env.JOBS, deps.db, { kind: "grade_answer", ...input }, deps.userId);
}

/** A failed job as a failure by kind: the offline provider fails only on content it cannot read. */
function jobFailure(error: string, provider: AiConfig["provider"]): DomainError {
  return provider === "offline" ? unprocessable(error) : upstream(error);
}

/**
 * The /api answer for a waited-on job: 200 with the task's shape, or 202 with the job to poll
 * while it is still running (Location: /api/jobs/{id}); a failure is thrown for resourceRoute to map
 * (422 content the offline formatter cannot read, 502 a model that failed).
 */
export function jobWaitResponse<T>(wait: JobWait<T>, provider: AiConfig["provider"], present: (value: T) => unknown = (value) => value): Response {
  const headers = { "Cache-Control": "no-store" };
  if (wait.status === "failed") throw jobFailure(wait.error, provider);
  if (wait.status === "pending") return acceptedJobResponse(wait.jobId);
  return Response.json(present(wait.value), { headers });
}

/**
 * A screen action's outcome for a waited-on job (ADR 0006's IntentOutcome): the result with its
 * toast, or the job to poll with no toast yet; a failure is thrown for the action contract to map.
 */
export function queuedOutcome<T>(wait: JobWait<T>, provider: AiConfig["provider"], resultToast: (value: T) => ToastMessage | null = () => null) {
  if (wait.status === "failed") throw jobFailure(wait.error, provider);
  if (wait.status === "pending") return { data: { pending: wait.jobId } as QueuedResult<T>, toast: null };
  return { data: { result: wait.value } as QueuedResult<T>, toast: resultToast(wait.value) };
}
