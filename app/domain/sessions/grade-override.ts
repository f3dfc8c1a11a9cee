import { z } from "zod";

import { storableText } from "~/domain/text-fields";

import { MAX_ID_LENGTH } from "./session-limits";

/**
 * A teacher's override of an open answer's grade: the body of
 * POST /api/sessions/{id}/grade-overrides and the AI Grading Review form's fields, read the same
 * way by both. The form posts text, so a score typed in a box is read as a number; a blank box is
 * missing, never 0.
 */
export const MAX_OVERRIDE_REASON_LENGTH = 1_000;

export const OVERRIDE_MESSAGES = {
  scoreRequired: "Enter a score from 0 to 100",
  scoreNotNumber: "The score must be a number from 0 to 100",
  scoreRange: "The score must be from 0 to 100",
  reasonRequired: "Give a reason for the new grade",
  reasonTooLong: `The reason must be at most ${MAX_OVERRIDE_REASON_LENGTH.toLocaleString("en-US")} characters`,
  questionRequired: "Choose the answer to regrade",
} as const;

const scoreField = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const text = value.trim();
    return text === "" ? undefined : Number(text);
  },
  z
    .number({ required_error: OVERRIDE_MESSAGES.scoreRequired, invalid_type_error: OVERRIDE_MESSAGES.scoreNotNumber })
    .finite(OVERRIDE_MESSAGES.scoreNotNumber)
    .min(0, OVERRIDE_MESSAGES.scoreRange)
    .max(100, OVERRIDE_MESSAGES.scoreRange),
);

const questionIdField = z
  .string({ required_error: OVERRIDE_MESSAGES.questionRequired, invalid_type_error: OVERRIDE_MESSAGES.questionRequired })
  .trim()
  .min(1, OVERRIDE_MESSAGES.questionRequired)
  .max(MAX_ID_LENGTH, OVERRIDE_MESSAGES.questionRequired);

export const gradeOverrideSchema = z.object({
  questionId: questionIdField,
  score: scoreField,
  reason: storableText(
    z
      .string({ required_error: OVERRIDE_MESSAGES.reasonRequired, invalid_type_error: OVERRIDE_MESSAGES.reasonRequired })
      .trim()
      .min(1, OVERRIDE_MESSAGES.reasonRequired)
      .max(MAX_OVERRIDE_REASON_LENGTH, OVERRIDE_MESSAGES.reasonTooLong),
    "The reason",
    { multiLine: true },
  ),
});
export type GradeOverrideInput = z.infer<typeof gradeOverrideSchema>;

/**
 * A teacher's agreement with the grade in force ("Agree with this grade"): the body of
 * POST /api/sessions/{id}/grade-confirmations and the review card's button. It is recorded as an
 * override with the same score and this reason, so it is a human label like any other
 * (app/domain/sessions/grading-agreement.ts) and never changes the grade.
 */
export const gradeConfirmationSchema = z.object({ questionId: questionIdField });

export const CONFIRMED_REASON = "Confirmed by the teacher";

/** A confirmation of a grade already confirmed, and still in force, records nothing new. */
export const isRepeatConfirmation = (last: { reason: string; score: number } | null, scoreInForce: number) =>
  last !== null && last.reason === CONFIRMED_REASON && last.score === scoreInForce;

/** The AI Grading Review screen's intents (docs/decisions/0006-action-contract.md). */
export const gradingReviewActionSchema = z.discriminatedUnion("intent", [
  gradeOverrideSchema.extend({ intent: z.literal("override") }),
  gradeConfirmationSchema.extend({ intent: z.literal("confirm") }),
]);

export const GRADING_REVIEW_MESSAGES = {
  intents: {
    override: {
      success: { title: "staffToasts.gradeOverriddenTitle", description: "staffToasts.gradeOverriddenDescription" },
      failure: "staffToasts.overrideGradeFailed",
    },
    confirm: {
      success: { title: "staffToasts.gradeConfirmedTitle", description: "staffToasts.gradeConfirmedDescription" },
      failure: "staffToasts.confirmGradeFailed",
    },
  },
};
