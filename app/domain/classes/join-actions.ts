import { z } from "zod";

import { RESUME_CODE_LENGTH } from "~/domain/sessions/resume-code";
import type { TitledMessage } from "~/domain/shell/action-result";

import { classMemberSchema, INACTIVE_CLASS, INFORMATION_REQUIRED, INVALID_JOIN_CODE, JOIN_CODE_REQUIRED } from "./class";
import { JOIN_CODE_MAX_INPUT, normalizeJoinCode } from "./join-codes";
import { pinField } from "./roster-identity";

/**
 * The intents of the join screen (/join), for its action only:
 * zod stays out of the student page's JavaScript (the design's 100 kB budget).
 *
 * - `lookup`: step 1, the join code. A class that takes students answers with step 2.
 * - `start`: step 2, name and student ID. The class is looked up again from its code (the hidden
 *   fields are never trusted); a class without a test registers the student, a test in progress
 *   is resumed, and otherwise the student goes on to the test's 'Before You Begin' (ADR 0014).
 */

export const INVALID_CODE_TITLE = "Invalid code";
const INVALID_CODE: TitledMessage = { title: INVALID_CODE_TITLE, message: INVALID_JOIN_CODE };
const INACTIVE_CODE: TitledMessage = { title: INVALID_CODE_TITLE, message: INACTIVE_CLASS };

/** Registration and start failures are 'Error' toasts with these texts. */
export const REGISTER_FAILED = "Failed to register";
export const START_FAILED = "Failed to start test";
const JOIN_FAILED = "Failed to join the class. Please try again.";

export const welcomeToast = (className: string) => ({
  title: "Welcome!",
  description: `You've joined ${className}. Your teacher will share a test soon.`,
});

const joinCode = z
  .string({ required_error: JOIN_CODE_REQUIRED.message, invalid_type_error: JOIN_CODE_REQUIRED.message })
  .transform(normalizeJoinCode)
  .pipe(z.string().min(1, JOIN_CODE_REQUIRED.message).max(JOIN_CODE_MAX_INPUT, `The join code must be at most ${JOIN_CODE_MAX_INPUT} characters`));

const classId = z
  .string({ required_error: INVALID_JOIN_CODE, invalid_type_error: INVALID_JOIN_CODE })
  .trim()
  .min(1, INVALID_JOIN_CODE)
  .max(100, INVALID_JOIN_CODE);
const resumeCode = z
  .string({ invalid_type_error: "The resume code must be text" })
  .trim()
  .toUpperCase()
  .max(RESUME_CODE_LENGTH, `The resume code has ${RESUME_CODE_LENGTH} characters`)
  .optional()
  .transform((code) => code || undefined);
/** Blank is "not chosen". */
const optionalChoice = z
  .string()
  .trim()
  .max(100)
  .optional()
  .transform((value) => value || undefined);

export const joinActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("lookup"), code: joinCode }),
  z.object({
    intent: z.literal("start"),
    code: joinCode,
    cohortId: classId,
    displayName: classMemberSchema.shape.displayName,
    studentId: classMemberSchema.shape.studentId,
    resumeCode,
  }),
  /** Step 2 of a rostered class (ADR 0029): the name picked (a member id) or the student ID typed, and the class PIN. */
  z.object({
    intent: z.literal("start-rostered"),
    code: joinCode,
    cohortId: classId,
    memberId: optionalChoice,
    studentId: optionalChoice,
    // Asked unless a signed-in student joins as themselves (class-admission.server.ts says which).
    pin: z.preprocess((pin) => (pin === "" ? undefined : pin), pinField.optional()),
    resumeCode,
  }),
]);
export type JoinActionInput = z.infer<typeof joinActionSchema>;

/** A badge link from another site, confirmed by the student (ADR 0029): its one intent. */
export const badgeContinueSchema = z.object({ intent: z.literal("continue") });

export const BADGE_CONTINUE_MESSAGES = { intents: { continue: { success: null, failure: "Failed to sign in with your badge.", failureTitle: "Error" } } };

export const JOIN_MESSAGES = {
  intents: {
    lookup: { success: null, failure: JOIN_FAILED, failureTitle: "Error" },
    start: { success: null, failure: JOIN_FAILED, failureTitle: "Error" },
    "start-rostered": { success: null, failure: JOIN_FAILED, failureTitle: "Error" },
  },
  titled: [JOIN_CODE_REQUIRED, INFORMATION_REQUIRED, INVALID_CODE, INACTIVE_CODE],
};
