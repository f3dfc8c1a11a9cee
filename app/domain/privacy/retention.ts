import { z } from "zod";

import { timeZoneSettingSchema } from "~/domain/district/time-zone";
import { MAX_SESSION_SECONDS } from "~/domain/sessions/session-limits";

/**
 * How long sessions are kept (ADR 0030): a district setting in days after a session's end, off
 * (kept until someone deletes them) by default. A scheduled purge erases older sessions the way
 * a student's deletion does, a bounded number each run, so one run stays well inside a Worker's
 * subrequest limit; the next run takes the rest.
 */
export const RETENTION_KEY = "retention_days";
export const PURGE_BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export const retentionSettingSchema = z.object({
  days: z.preprocess(
    (value) => (value === "" || value === undefined ? null : typeof value === "string" ? Number(value) : value),
    z
      .number({ invalid_type_error: "Enter a number of days, or leave it blank to keep sessions" })
      .int("Enter a whole number of days")
      .min(30, "Keep sessions for at least 30 days")
      .max(3650, "Keep sessions for at most 3,650 days (ten years)")
      .nullable(),
  ),
});

/** The stored value as days, or null (off) for anything that is not a whole number of days. */
export function readRetentionDays(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * How long a finished job is kept, whatever the sessions' retention (ADR 0052): a roster import's
 * answer and the refused rows it keeps name people by sourcedId and e-mail, and a grading job holds
 * a student's answer, while nothing reads a job once its screen has shown the answer. The nightly
 * run deletes jobs that finished longer ago than this, with their parts, at most JOB_PURGE_BATCH a run.
 */
export const FINISHED_JOBS_KEPT_DAYS = 30;
export const JOB_PURGE_BATCH = 1_000;

/** Sessions that ended before this instant are past retention (and jobs, with FINISHED_JOBS_KEPT_DAYS). */
export function retentionCutoff(now: number, days: number): number {
  return now - days * DAY_MS;
}

/** When a session ended: its end time, or for one never finished, its last possible moment. */
export const UNFINISHED_SESSION_SPAN_MS = MAX_SESSION_SECONDS * 1000;

/** The Data & Privacy screen's intents: how long sessions are kept, and the district's time zone (ADR 0041). */
export const privacyActionSchema = z.discriminatedUnion("intent", [
  retentionSettingSchema.extend({ intent: z.literal("set-retention") }),
  timeZoneSettingSchema.extend({ intent: z.literal("set-time-zone") }),
]);

export const PRIVACY_MESSAGES = {
  intents: {
    "set-retention": { success: "staffToasts.retentionSaved", failure: "staffToasts.saveRetentionFailed" },
    "set-time-zone": { success: "staffToasts.timeZoneSaved", failure: "staffToasts.saveTimeZoneFailed" },
  },
};
