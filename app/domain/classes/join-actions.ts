import { z } from "zod";

import { translate } from "~/domain/i18n/catalog";
import { codeWith } from "~/domain/i18n/coded";
import type { AnyLocale } from "~/domain/i18n/locale";
import { RESUME_CODE_LENGTH } from "~/domain/sessions/resume-code";
import type { TitledMessage } from "~/domain/shell/action-result";

import { INACTIVE_CLASS, INVALID_JOIN_CODE, JOIN_CODE_TOO_LONG, memberField } from "./class";
import { JOIN_CODE_MAX_INPUT, normalizeJoinCode } from "./join-codes";
import { pinFieldSaying } from "./roster-identity";

/**
 * The intents of the join screen (/join), for its action only:
 * zod stays out of the student page's JavaScript (the design's 100 kB budget).
 *
 * - `lookup`: step 1, the join code. A class that takes students answers with step 2.
 * - `start`: step 2, name and student ID. The class is looked up again from its code (the hidden
 *   fields are never trusted); a class without a test registers the student, a test in progress
 *   is resumed, and otherwise the student goes on to the test's 'Before You Begin' (ADR 0014).
 */

// Every text here is a catalog code (app/domain/i18n/catalog/join.ts): the screen's action renders
// it in the student's language (ADR 0045).
export const INVALID_CODE_TITLE = "join.invalidCodeTitle";
const INVALID_CODE: TitledMessage = { title: INVALID_CODE_TITLE, message: INVALID_JOIN_CODE };
const INACTIVE_CODE: TitledMessage = { title: INVALID_CODE_TITLE, message: INACTIVE_CLASS };
const JOIN_CODE_REQUIRED: TitledMessage = { title: "join.codeRequiredTitle", message: "join.codeRequired" };
const INFORMATION_REQUIRED: TitledMessage = { title: "join.informationRequiredTitle", message: "join.informationRequired" };

/** Registration and start failures are 'Error' toasts with these texts. */
export const ERROR_TITLE = "join.errorTitle";
export const REGISTER_FAILED = "join.registerFailed";
export const START_FAILED = "join.startFailed";
const JOIN_FAILED = "join.joinFailed";

/** The welcome of a class without a test, in the student's language (it names the class, so it is written here). */
export const welcomeToast = (locale: AnyLocale, className: string) => ({
  title: translate(locale, "join", "welcomeTitle"),
  description: translate(locale, "join", "welcomeJoined", { className }),
});

const joinCode = z
  .string({ required_error: JOIN_CODE_REQUIRED.message, invalid_type_error: JOIN_CODE_REQUIRED.message })
  .transform(normalizeJoinCode)
  .pipe(z.string().min(1, JOIN_CODE_REQUIRED.message).max(JOIN_CODE_MAX_INPUT, JOIN_CODE_TOO_LONG));

const classId = z
  .string({ required_error: INVALID_JOIN_CODE, invalid_type_error: INVALID_JOIN_CODE })
  .trim()
  .min(1, INVALID_JOIN_CODE)
  .max(100, INVALID_JOIN_CODE);
const resumeCode = z
  .string({ invalid_type_error: "join.resumeCodeNotText" })
  .trim()
  .toUpperCase()
  .max(RESUME_CODE_LENGTH, codeWith("join.resumeCodeLength", { length: RESUME_CODE_LENGTH }))
  .optional()
  .transform((code) => code || undefined);
/** Blank is "not chosen". */
const optionalChoice = z
  .string()
  .trim()
  .max(100, codeWith("join.choiceTooLong", { max: 100 }))
  .optional()
  .transform((value) => value || undefined);

export const joinActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("lookup"), code: joinCode }),
  z.object({
    intent: z.literal("start"),
    code: joinCode,
    cohortId: classId,
    displayName: memberField,
    studentId: memberField,
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
    pin: z.preprocess((pin) => (pin === "" ? undefined : pin), pinFieldSaying("join.pinRequired").optional()),
    resumeCode,
  }),
]);
export type JoinActionInput = z.infer<typeof joinActionSchema>;

/** A badge link from another site, confirmed by the student (ADR 0029): its one intent. */
export const badgeContinueSchema = z.object({ intent: z.literal("continue") });

export const BADGE_CONTINUE_MESSAGES = { intents: { continue: { success: null, failure: "join.badgeFailed", failureTitle: ERROR_TITLE } } };

export const JOIN_MESSAGES = {
  intents: {
    lookup: { success: null, failure: JOIN_FAILED, failureTitle: ERROR_TITLE },
    start: { success: null, failure: JOIN_FAILED, failureTitle: ERROR_TITLE },
    "start-rostered": { success: null, failure: JOIN_FAILED, failureTitle: ERROR_TITLE },
  },
  titled: [JOIN_CODE_REQUIRED, INFORMATION_REQUIRED, INVALID_CODE, INACTIVE_CODE],
};
