import { ANSWER_REQUIRED } from "~/domain/sessions/answer-rules";

import { textAnswerSchema } from "../answer-forms";
import type { QuestionTypeHandlers } from "../handlers";
import { goodOpenAnswer, OPEN_TYPE, RAPID_OPEN_ANSWER, WEAK_ANSWER } from "../open-answers";

/** The student writes a short answer, graded against the rubric. */
export const freeResponse = {
  ...OPEN_TYPE,
  answer: { form: "text", schema: textAnswerSchema },
  required: ANSWER_REQUIRED,
  importAliases: ["free response", "short answer", "essay"],
  inferredFrom: "no options",
  generatorHint: "Free-response questions have no options and a rubric: the reference answer and its key points.",
  offlineDraft: "explain",
  simulation: {
    typicalSeconds: 150,
    answer: (question, knewIt) => (knewIt ? goodOpenAnswer(question.rubric) : WEAK_ANSWER),
    rapidGuess: () => RAPID_OPEN_ANSWER,
  },
} as const satisfies QuestionTypeHandlers;
