import { z } from "zod";

import { generationRequestSchema } from "~/domain/ai/generation-request";
import { gradingQuestionSchema, studentAnswerSchema } from "~/domain/ai/grading-request";
import { contentLanguageSchema } from "~/domain/questions/content-language";

/**
 * Queued work. Each kind is one member of a discriminated union, parsed with zod when it
 * leaves the queue, and handled by an exhaustive switch in workers/jobs.ts.
 * AI work runs here so a slow or failing model never blocks a request.
 */
export type JobStatus = "queued" | "running" | "succeeded" | "failed";
/**
 * A job that runs in parts reports how many of its units (for demo data, students) are done;
 * `of` names the units when a screen says them (a roster bundle read in parts counts people).
 */
export type JobProgress = { done: number; total: number; of?: "people" };

export const jobInputSchema = z.discriminatedUnion("kind", [
  /** A deployment self-check: proves the queue and its consumer are wired to D1. */
  z.object({ kind: z.literal("ping"), echo: z.string().max(200).default("ping") }),
  /** Grades one open answer and writes an AI grading log row (sessionId null for preview grading). */
  z.object({
    kind: z.literal("grade_answer"),
    question: gradingQuestionSchema,
    answer: studentAnswerSchema,
    aiModel: z.string().min(1).max(100),
    sessionId: z.string().max(100).nullable().default(null),
    questionId: z.string().max(100).nullable().default(null),
  }),
  z.object({ kind: z.literal("generate_test"), request: generationRequestSchema, aiModel: z.string().min(1).max(100) }),
  z.object({
    kind: z.literal("format_test"),
    rawContent: z.string().max(200_000),
    aiModel: z.string().min(1).max(100),
    /** Absent from jobs queued before it existed: English. */
    language: contentLanguageSchema.default("en"),
  }),
  /**
   * Simulated students take the demo class's test, a few to a message (services/demo-cohort.server.ts);
   * `discard` names the session objects of the generation it replaces, emptied by the first part;
   * `earlierDays` are the days of their sittings in the two windows before today's (absent from
   * jobs queued before there were windows).
   */
  z.object({
    kind: z.literal("seed_demo"),
    cohortId: z.string().min(1).max(100),
    testId: z.string().min(1).max(100),
    discard: z.array(z.string().max(100)).max(2000),
    earlierDays: z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]).optional(),
  }),
  /**
   * A planned OneRoster import too large for one request (ADR 0047): its changes are staged in
   * job_parts, `parts` of them, `total` changes in all; `outcome` is the import's answer, the
   * job's result once the last part is written.
   */
  z.object({
    kind: z.literal("roster_import"),
    version: z.string().min(1).max(20),
    importedBy: z.object({ id: z.string().min(1).max(100), email: z.string().max(320) }),
    parts: z.number().int().min(1).max(10_000),
    total: z.number().int().min(1),
    outcome: z.record(z.unknown()),
  }),
  /**
   * A OneRoster bundle too large to read in one request (ADR 0050): its zip is in the IMPORTS
   * bucket; part 0 reads it into parts of people, each later part plans (and, with `apply`,
   * writes) one; the last answers the import's outcome in `locale`.
   */
  z.object({
    kind: z.literal("roster_bundle"),
    apply: z.boolean(),
    recreateDeleted: z.boolean(),
    locale: z.enum(["en", "es", "qps"]),
    importedBy: z.object({ id: z.string().min(1).max(100), email: z.string().max(320) }),
    usersPerPart: z.number().int().min(1).max(100_000),
  }),
  /** A planned roster CSV import too large for one request (ADR 0047): its statements staged in job_parts; `outcome` is its answer. */
  z.object({
    kind: z.literal("roster_csv_import"),
    parts: z.number().int().min(1).max(10_000),
    total: z.number().int().min(1),
    outcome: z.record(z.unknown()),
  }),
]);
export type JobInput = z.infer<typeof jobInputSchema>;

/**
 * The queue message carries only the job id (the job's input lives in D1) and, for a job that runs
 * in parts, which part this delivery runs: each part is its own message, so no single consumer
 * invocation makes more than one part's subrequests.
 */
export const jobMessageSchema = z.object({ jobId: z.string().min(1), part: z.number().int().min(0).max(100_000_000).optional() });
export type JobMessage = z.infer<typeof jobMessageSchema>;

/** Matches max_retries in wrangler.toml: a message is delivered at most 1 + MAX_RETRIES times. */
export const MAX_RETRIES = 3;

/** Exponential backoff between deliveries, in seconds (2, 4, 8...), capped at a minute. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(60, 2 ** Math.max(1, attempt));
}
