import { z } from "zod";

import { answerText, gradingQuestionSchema, studentAnswerSchema } from "./grading-request";

/** Open answers need something to grade. */
export const PREVIEW_ANSWER_REQUIRED = "Please provide an answer to test the question.";

/** POST /api/questions/preview-grade: the question being edited and a trial answer. */
export const previewGradeRequestSchema = z
  .object({ question: gradingQuestionSchema, answer: studentAnswerSchema })
  .refine((request) => answerText(request.answer).trim().length > 0, { message: PREVIEW_ANSWER_REQUIRED, path: ["answer"] });
