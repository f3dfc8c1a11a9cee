import { z } from "zod";

import type { ProctorAction } from "./attempt";
import { MAX_EXTRA_MINUTES } from "./session-state";

/**
 * What a teacher does to a test session from the class's live view (ADR 0046), as the API and the
 * Live page's forms send it: one set of fields and one rule, shared by both doors.
 */

const PROCTOR_STEPS = ["pause", "resume", "extend", "end"] as const;

/** A form's empty minutes field (the buttons other than Add time post it too) is no minutes. */
const minutesField = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.coerce
    .number({ invalid_type_error: "Minutes must be a whole number." })
    .int("Minutes must be a whole number.")
    .min(1, `Add between 1 and ${MAX_EXTRA_MINUTES} minutes.`)
    .max(MAX_EXTRA_MINUTES, `Add between 1 and ${MAX_EXTRA_MINUTES} minutes.`)
    .optional(),
);

export const proctorFields = { action: z.enum(PROCTOR_STEPS), minutes: minutesField };

/** Adding time needs its minutes; the other actions take none (a form's minutes field is ignored for them). */
export function requireMinutesWhenExtending(input: { action: string; minutes?: number }, context: z.RefinementCtx) {
  if (input.action === "extend" && input.minutes === undefined)
    context.addIssue({ code: "custom", message: "Say how many minutes to add.", path: ["minutes"] });
}

/** The body of POST /api/sessions/{id}/proctor. */
export const proctorRequestSchema = z.object(proctorFields).superRefine(requireMinutesWhenExtending);
export type ProctorRequest = z.infer<typeof proctorRequestSchema>;

/** The parsed request as the attempt's rules take it. */
export const proctorActionOf = (request: ProctorRequest): ProctorAction =>
  request.action === "extend" ? { action: "extend", minutes: request.minutes ?? 0 } : { action: request.action };

/** The body of POST /api/cohorts/{id}/proctor: every session of the class at once (a fire drill), or one student's PIN tries forgotten. */
export const classProctorSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("pause") }),
  z.object({ action: z.literal("resume") }),
  z.object({ action: z.literal("reset_pin_tries"), studentId: z.string().trim().min(1).max(200) }),
]);
export type ClassProctorRequest = z.infer<typeof classProctorSchema>;
