import { RESPONSE_REQUIRED } from "~/domain/sessions/answer-rules";

import { textAnswerSchema } from "../answer-forms";
import type { QuestionTypeHandlers } from "../handlers";
import { goodOpenAnswer, OPEN_TYPE, RAPID_OPEN_ANSWER, WEAK_ANSWER } from "../open-answers";

/** A titled situation the student responds to at length, graded against the rubric. */
export const scenario = {
  ...OPEN_TYPE,
  answer: { form: "text", schema: textAnswerSchema },
  required: RESPONSE_REQUIRED,
  importAliases: [],
  inferredFrom: null,
  generatorHint: null,
  offlineDraft: null,
  simulation: {
    typicalSeconds: 200,
    answer: (question, knewIt) => (knewIt ? goodOpenAnswer(question.rubric) : WEAK_ANSWER),
    rapidGuess: () => RAPID_OPEN_ANSWER,
  },
} as const satisfies QuestionTypeHandlers;
