import { z } from "zod";

import { TEST_MODES } from "~/domain/adaptive/engine";
import { pinField } from "~/domain/classes/roster-identity";
import { codeWith } from "~/domain/i18n/coded";

import { MAX_ID_LENGTH } from "./session-limits";

/**
 * POST /api/sessions/start (both readings): the test, the mode, the student's
 * id, the class for the join flow, and a resume code to take over a session from another device.
 */
/** Said when the student ID already has this test in progress and this browser does not hold it: a catalog code (ADR 0045). */
export const RESUME_REQUIRED = "join.resumeRequired";

export const startSessionSchema = z.object({
  testConfigId: z.string({ required_error: "testConfigId is required" }).trim().min(1, "testConfigId is required").max(MAX_ID_LENGTH),
  testMode: z.enum(TEST_MODES, { errorMap: () => ({ message: "testMode must be placement or diagnostic" }) }).default("placement"),
  // What a student types: catalog codes, rendered in the request's language (ADR 0045).
  userId: z
    .string({ required_error: "join.informationRequired", invalid_type_error: "join.informationRequired" })
    .trim()
    .min(1, "join.informationRequired")
    .max(100, codeWith("join.studentIdTooLong", { max: 100 })),
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
