import type { OpenQuestionType } from "~/domain/questions/question-types";

import type { GradingResult } from "../schemas";
import { answerFeatures } from "./features";
import { gradingFeedback, keyPointCoverage } from "./feedback";
import { referenceMaterial } from "./rubric";
import { confidenceOfScore, scoreFromFeatures } from "./scoring";

export { confidenceOfScore };
import { contentTokens, textOf } from "./text";

export type OfflineGradingInput = {
  questionText: string;
  questionType: OpenQuestionType;
  /** A string, or a JSON object of any shape: all its text is reference material. */
  rubric: unknown;
  referenceAnswer?: string;
  keyPoints?: string[];
  /** The student's text (for chat: the student's turns joined). */
  answer: string;
};

const NO_REFERENCE_FEEDBACK =
  "Automatic check (no AI model configured): this question has no rubric or reference answer to compare with, so the answer could not be scored. A teacher should grade it.";
const NO_ANSWER_FEEDBACK = "Automatic check (no AI model configured): the answer has no words to assess.";

/**
 * Grades an answer without a language model: deterministic, pure, and fast (well under a
 * millisecond). It compares the answer's words with the rubric, reference answer and key points,
 * discounting words the question already contains. All question types are graded alike: a chat's
 * joined turns or a scenario's answer are compared with their reference the same way.
 */
export function gradeOffline(input: OfflineGradingInput): GradingResult {
  const reference = referenceMaterial(input.rubric, input.referenceAnswer, input.keyPoints);
  if (reference.texts.length === 0) {
    // Nothing to compare with: a teacher has to grade it, so the grade is no better than a guess.
    return { score: 0, feedback: NO_REFERENCE_FEEDBACK, strengths: [], improvements: [], keyPoints: [], confidence: 0 };
  }
  const questionText = textOf(input.questionText);
  const coverage = keyPointCoverage(reference.keyPoints, questionText, input.answer);
  if (contentTokens(input.answer).length === 0) {
    return { ...gradingFeedback(0, coverage, 1), feedback: NO_ANSWER_FEEDBACK };
  }
  const score = scoreFromFeatures(answerFeatures(reference.texts, questionText, input.answer));
  return gradingFeedback(score, coverage, confidenceOfScore(score));
}
