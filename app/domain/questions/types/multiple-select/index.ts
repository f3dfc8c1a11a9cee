import { isMultipleSelectCorrect } from "~/domain/questions/answer-check";
import { SELECTIONS_REQUIRED } from "~/domain/sessions/answer-rules";

import { selectionAnswerSchema } from "../answer-forms";
import { anyOption, CHOICE_RAPID_GUESS_SECONDS } from "../choice-answers";
import type { QuestionTypeHandlers } from "../handlers";

type Options = Parameters<QuestionTypeHandlers["check"]>[0]["options"];

/** A wrong set: one right option left out, or one wrong option added. */
function wrongSelection(options: Options, random: () => number): string[] {
  const right = options.filter((option) => option.isCorrect).map((option) => option.text);
  const wrong = options.filter((option) => !option.isCorrect).map((option) => option.text);
  if (wrong.length && (right.length <= 1 || random() < 0.5)) return [...right, wrong[Math.floor(random() * wrong.length)]!];
  const dropped = Math.floor(random() * right.length);
  return right.filter((_, index) => index !== dropped);
}

/** One or more options are correct; the answer is the set of chosen option texts, right only when it is exactly the correct set. */
export const multipleSelect = {
  kind: "choice",
  answer: { form: "selection", schema: selectionAnswerSchema },
  required: SELECTIONS_REQUIRED,
  check: (question, answer) => ({ by: "key", correct: isMultipleSelectCorrect(question.options, answer as string[]) }),
  rapidGuessDefaultSeconds: CHOICE_RAPID_GUESS_SECONDS,
  reducibleChoices: true,
  importAliases: ["multiple select"],
  inferredFrom: "several correct",
  generatorHint: null,
  offlineDraft: null,
  simulation: {
    typicalSeconds: 50,
    answer: (question, knewIt, random) =>
      knewIt ? question.options.filter((option) => option.isCorrect).map((option) => option.text) : wrongSelection(question.options, random),
    rapidGuess: (question, random) => [anyOption(question.options, random).text],
  },
} as const satisfies QuestionTypeHandlers;
