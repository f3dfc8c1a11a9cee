import { INTERACTION_REQUIRED } from "~/domain/sessions/answer-rules";

import { conversationAnswerSchema } from "../answer-forms";
import type { QuestionTypeHandlers } from "../handlers";
import { goodOpenAnswer, OPEN_TYPE, RAPID_OPEN_ANSWER, WEAK_ANSWER } from "../open-answers";

/** The student talks with an AI partner; their side of the conversation is graded against the rubric (ADR 0013). */
export const chat = {
  ...OPEN_TYPE,
  answer: { form: "conversation", schema: conversationAnswerSchema },
  required: INTERACTION_REQUIRED,
  importAliases: [],
  inferredFrom: null,
  generatorHint: null,
  offlineDraft: null,
  simulation: {
    typicalSeconds: 240,
    answer: (question, knewIt) => ({ messages: [{ role: "user", content: knewIt ? goodOpenAnswer(question.rubric) : WEAK_ANSWER }] }),
    rapidGuess: () => ({ messages: [{ role: "user", content: RAPID_OPEN_ANSWER }] }),
  },
} as const satisfies QuestionTypeHandlers;
