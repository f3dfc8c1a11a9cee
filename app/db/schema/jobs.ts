import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

import type { JobProgress, JobStatus } from "~/domain/jobs/job-messages";

import { users } from "./accounts";
import { id, timestamps } from "./columns";

// Queued work (AI grading, generation, formatting, demo data): state in D1 so screens can show progress

export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    status: text("status").$type<JobStatus>().notNull().default("queued"),
    input: text("input", { mode: "json" }).$type<unknown>().notNull(),
    result: text("result", { mode: "json" }).$type<unknown>(),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    /** How far a job that runs in parts has got, for the screen that waits on it; null for one-step jobs. */
    progress: text("progress", { mode: "json" }).$type<JobProgress>(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: integer("started_at", { mode: "timestamp_ms" }),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    index("jobs_status_idx").on(t.status, t.createdAt),
    index("jobs_kind_idx").on(t.kind, t.createdAt),
    check("jobs_status_check", sql`${t.status} in ('queued', 'running', 'succeeded', 'failed')`),
  ],
);

/**
 * The units of a job that runs in parts, staged by the request that queued it (docs/decisions/0047):
 * one row a part, its `body` what that part writes. `applied` turns 1 in the same D1 batch as the
 * part's writes, and the check refuses a second turn, so a part delivered twice writes once.
 */
export const jobParts = sqliteTable(
  "job_parts",
  {
    jobId: text("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    part: integer("part").notNull(),
    body: text("body", { mode: "json" }).$type<unknown>().notNull(),
    applied: integer("applied").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.part] }), check("job_parts_applied_check", sql`${t.applied} in (0, 1)`)],
);
