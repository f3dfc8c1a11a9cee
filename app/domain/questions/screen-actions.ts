import { z } from "zod";

import { answerText, studentAnswerSchema } from "~/domain/ai/grading-request";
import { PREVIEW_ANSWER_REQUIRED } from "~/domain/ai/preview-grade-request";
import { recordId } from "~/lib/schema-fields";

import { questionBankActionSchema } from "./question";

/** The Question Bank screen's intents and toasts. */
export const questionBankScreenSchema = z.discriminatedUnion("intent", [
  ...questionBankActionSchema.options,
  /** Preview grading of a saved open question: the server reads the question, the dialog sends only the answer. */
  z.object({
    intent: z.literal("previewGrade"),
    id: recordId,
    answer: studentAnswerSchema.refine((answer) => answerText(answer).trim().length > 0, PREVIEW_ANSWER_REQUIRED),
  }),
]);

export const QUESTION_BANK_MESSAGES = {
  intents: {
    create: { success: "staffToasts.questionCreated", failure: "staffToasts.createQuestionFailed" },
    update: { success: "staffToasts.questionUpdated", failure: "staffToasts.updateQuestionFailed" },
    delete: { success: "staffToasts.questionDeleted", failure: "staffToasts.deleteQuestionFailed" },
    previewGrade: { success: null, failure: "staffToasts.gradeAnswerFailed", failureTitle: "staffToasts.gradingFailedTitle" },
  },
  titled: [{ title: "staffToasts.answerRequiredTitle", message: PREVIEW_ANSWER_REQUIRED }],
};
