import { z } from "zod";

import { TEST_MODES } from "~/domain/adaptive/engine";
import { pinField } from "~/domain/classes/roster-identity";

import { MAX_ID_LENGTH } from "./session-limits";

/**
 * POST /api/sessions/start (both readings): the test, the mode, the student's
 * id, the class for the join flow, and a resume code to take over a session from another device.
 */
/** Said when the student ID already has this test in progress and this browser does not hold it. */
export const RESUME_REQUIRED = "You already have this test in progress. To continue on this device, enter the resume code shown on your test page.";

export const startSessionSchema = z.object({
  testConfigId: z.string({ required_error: "testConfigId is required" }).trim().min(1, "testConfigId is required").max(MAX_ID_LENGTH),
  testMode: z.enum(TEST_MODES, { errorMap: () => ({ message: "testMode must be placement or diagnostic" }) }).default("placement"),
  userId: z
    .string({ required_error: "Please enter both your name and student ID.", invalid_type_error: "Please enter both your name and student ID." })
    .trim()
    .min(1, "Please enter both your name and student ID.")
    .max(100, "A student ID is at most 100 characters"),
  cohortId: z
    .string()
    .trim()
    .min(1)
    .max(MAX_ID_LENGTH)
    .nullish()
    .transform((value) => value ?? null),
  resumeCode: z.string().trim().max(20).optional(),
  /** The student's class PIN, for a rostered class (ADR 0029). */
  pin: pinField.optional(),
});
export type StartSessionInput = z.infer<typeof startSessionSchema>;
