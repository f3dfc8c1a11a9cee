import { isMultipleChoiceCorrect } from "~/domain/questions/answer-check";
import { SELECTION_REQUIRED } from "~/domain/sessions/answer-rules";

import { textAnswerSchema } from "../answer-forms";
import { anyOption, CHOICE_RAPID_GUESS_SECONDS } from "../choice-answers";
import type { QuestionTypeHandlers } from "../handlers";

/** One option is correct; the answer is the chosen option's text. */
export const multipleChoice = {
  kind: "choice",
  answer: { form: "text", schema: textAnswerSchema },
  required: SELECTION_REQUIRED,
  check: (question, answer) => ({ by: "key", correct: isMultipleChoiceCorrect(question.options, answer as string) }),
  rapidGuessDefaultSeconds: CHOICE_RAPID_GUESS_SECONDS,
  reducibleChoices: true,
  importAliases: ["mc", "multiple choice"],
  inferredFrom: "one correct",
  generatorHint: "Multiple-choice questions have 4 options with exactly one correct.",
  offlineDraft: "cloze",
  simulation: {
    typicalSeconds: 35,
    answer(question, knewIt, random) {
      // The key, or a plausible wrong pick; any option when the question has none of the kind.
      const pool = question.options.filter((option) => option.isCorrect === knewIt);
      const choice = (pool.length ? pool : question.options)[Math.floor(random() * (pool.length || question.options.length))];
      return choice?.text ?? "";
    },
    rapidGuess: (question, random) => anyOption(question.options, random).text,
  },
} as const satisfies QuestionTypeHandlers;
