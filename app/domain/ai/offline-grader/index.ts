import type { OpenQuestionType } from "~/domain/questions/question-types";

import type { GradingResult, MatchedTarget } from "../schemas";
import { gradeConfidence } from "./confidence";
import { analyseAnswer, type AnswerEvidence, type AnswerFeatures } from "./features";
import { gradingFeedback } from "./feedback";
import { type ParsedRubric, readRubric } from "./rubric";
import { confidenceOfScore, scoreFromFeatures } from "./scoring";
import { contentTokens, textOf } from "./text";

/** The score-only measure, for grades made without an analysis (the demo cohort's). */
export { confidenceOfScore };

export type OfflineGradingInput = {
  questionText: string;
  questionType: OpenQuestionType;
  /** A string, or a JSON object of any shape (rubric.ts reads the forms teachers write). */
  rubric: unknown;
  referenceAnswer?: string;
  /** Further acceptable answers, each a full answer on its own. */
  referenceAnswers?: string[];
  keyPoints?: string[];
  /** The student's text (for chat: the student's turns joined). */
  answer: string;
};

const NO_REFERENCE_FEEDBACK =
  "Automatic check (no AI model configured): this question has no rubric or reference answer to compare with, so the answer could not be scored. A teacher should grade it.";
const NO_ANSWER_FEEDBACK = "Automatic check (no AI model configured): the answer has no words to assess.";

/** An answer measured against its question's rubric: what the score and the feedback are made of. */
export type AnswerAnalysis = { rubric: ParsedRubric; questionText: string; features: AnswerFeatures; evidence: AnswerEvidence };

/** Reads the rubric and measures the answer; undefined when there is nothing to compare with or no answer. */
export function analyse(input: OfflineGradingInput): AnswerAnalysis | undefined {
  const references = [input.referenceAnswer ?? "", ...(input.referenceAnswers ?? [])].filter((text) => text.trim());
  const rubric = readRubric(input.rubric, references, input.keyPoints, input.questionText);
  if (rubric.positiveTexts.length === 0 || contentTokens(input.answer).length === 0) return undefined;
  const questionText = textOf(input.questionText);
  return { rubric, questionText, ...analyseAnswer(rubric, questionText, input.answer) };
}

/**
 * Grades an answer without a language model: deterministic, pure, and fast (about a millisecond).
 * It compares the answer with the best-matching acceptable answer or criterion of the rubric,
 * discounting words the question already contains, and keeps an answer that negates the rubric,
 * says what it rules out, lists key words or repeats the question below the pass mark. All
 * question types are graded alike: a chat's joined turns or a scenario's answer the same way.
 */
export function gradeOffline(input: OfflineGradingInput): GradingResult {
  const analysis = analyse(input);
  if (!analysis) {
    const references = [input.referenceAnswer ?? "", ...(input.referenceAnswers ?? [])].filter((text) => text.trim());
    // Nothing to compare with: a teacher has to grade it, so the grade is no better than a guess.
    if (readRubric(input.rubric, references, input.keyPoints).positiveTexts.length === 0)
      return { score: 0, feedback: NO_REFERENCE_FEEDBACK, strengths: [], improvements: [], keyPoints: [], confidence: 0 };
    return { score: 0, feedback: NO_ANSWER_FEEDBACK, strengths: [], improvements: [], keyPoints: [], confidence: 1 };
  }
  const score = scoreFromFeatures(analysis.features, analysis.evidence.disqualifiers);
  return gradingFeedback(score, analysis, gradeConfidence(score, analysis.evidence));
}

/** An offline grade with the rubric's target it rests on (schemas.ts): for staff, never for a student. */
type MatchedGrade = GradingResult & { matched: MatchedTarget | null };

/**
 * gradeOffline, saying which acceptable answer, criterion or counted items the answer matched best:
 * for preview grading only, so measuring the answer a second time (about a millisecond) keeps the
 * grade itself exactly gradeOffline's.
 */
export function gradeOfflineWithMatch(input: OfflineGradingInput): MatchedGrade {
  return { ...gradeOffline(input), matched: analyse(input)?.evidence.matched ?? null };
}
