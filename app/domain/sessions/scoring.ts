import { POINTS } from "~/domain/adaptive/results";
import { isLowConfidence } from "~/domain/ai/confidence";
import { answerText, rubricText } from "~/domain/ai/grading-request";
import { gradeOffline } from "~/domain/ai/offline-grader";
import { screenAnswer } from "~/domain/ai/prompts";
import { GRADE_CORRECT_THRESHOLD, type GradingResult } from "~/domain/ai/schemas";
import { isMultipleChoiceCorrect, isMultipleSelectCorrect } from "~/domain/questions/answer-check";
import { isOpenQuestionType } from "~/domain/questions/question-types";

import type { SessionQuestion } from "./blueprint";
import type { Answer, GradedQuestion, ModelGradeRequest, OfflineGradeLog, Scored } from "./session-contract";

/** What the offline grader said about an open answer, and what the injection screen removed from it (for the grading log). */
export type OfflineGrading = { result: GradingResult; review: { flagged: boolean; reasons: string[] } };

export const isOpenQuestion = (question: Pick<SessionQuestion, "type">) => isOpenQuestionType(question.type);

/** Whether an answer has the form its question takes (text, the chosen texts, or a chat transcript). */
export function answerFitsQuestion(question: SessionQuestion, answer: Answer): boolean {
  switch (question.type) {
    case "multiple_choice":
    case "free_response":
    case "scenario":
      return typeof answer === "string";
    case "multiple_select":
      return Array.isArray(answer);
    case "chat":
      return typeof answer === "object" && !Array.isArray(answer);
    default: {
      const unhandled: never = question.type;
      throw new Error(`Unknown question type ${String(unhandled)}`);
    }
  }
}

const isBlank = (answer: Answer) => (typeof answer === "string" ? !answer.trim() : Array.isArray(answer) ? answer.length === 0 : !answerText(answer).trim());

function scored(question: SessionQuestion, score: number, grade: Partial<Scored> = {}): Scored {
  const maxPoints = POINTS[question.difficulty];
  const clamped = Math.min(1, Math.max(0, score));
  return {
    score: clamped,
    pointsEarned: Math.round(maxPoints * clamped * 100) / 100,
    maxPoints,
    wasCorrect: grade.wasCorrect ?? clamped >= 1,
    gradingScore: null,
    feedback: null,
    strengths: [],
    improvements: [],
    grading: "final",
    ...grade,
  };
}

/** What of a grade the session keeps with the answer (confidence and key points live in the grading log). */
export type AnswerGrade = Pick<GradingResult, "score" | "feedback" | "strengths" | "improvements">;

/**
 * The state of an open answer's grade from what its grader said. A model still to come makes the
 * offline grade provisional; otherwise a grade its grader was unsure of (below LOW_CONFIDENCE,
 * ADR 0036: a rubric with nothing it can match, or an answer near the line) awaits the teacher:
 * its score counts meanwhile, but the student is not told a mark that may well be wrong.
 * No confidence (a grade that carries none) is taken as sure.
 */
export function gradingOf(confidence: number | null | undefined, options: { modelWillGrade: boolean }): Scored["grading"] {
  if (options.modelWillGrade) return "provisional";
  return confidence !== null && confidence !== undefined && isLowConfidence(confidence) ? "review" : "final";
}

/** A model's grade (0–100) as a score: correct at 70 or more. */
export function fromGrade(question: SessionQuestion, grade: AnswerGrade, grading: Scored["grading"]): Scored {
  return scored(question, grade.score / 100, {
    wasCorrect: grade.score >= GRADE_CORRECT_THRESHOLD,
    gradingScore: grade.score,
    feedback: grade.feedback,
    strengths: grade.strengths,
    improvements: grade.improvements,
    grading,
  });
}

/**
 * The score, and for an open answer the offline grader actually read (not late, not blank) what it
 * said: an answer graded offline for good gets a grading log like a model's.
 */
export function scoreAnswer(
  question: SessionQuestion,
  answer: Answer,
  options: { late: boolean; modelWillGrade: boolean },
): { scored: Scored; offline: OfflineGrading | null } {
  if (options.late || isBlank(answer)) {
    const scoredZero = isOpenQuestion(question)
      ? fromGrade(
          question,
          { score: 0, feedback: options.late ? "The time for this question ran out." : "No answer was given.", strengths: [], improvements: [] },
          "final",
        )
      : scored(question, 0);
    return { scored: scoredZero, offline: null };
  }
  if (question.type === "multiple_choice")
    return { scored: scored(question, isMultipleChoiceCorrect(question.options, answer as string) ? 1 : 0), offline: null };
  if (question.type === "multiple_select")
    return { scored: scored(question, isMultipleSelectCorrect(question.options, answer as string[]) ? 1 : 0), offline: null };
  const screened = screenAnswer(answer as string | { messages: { role: "user" | "assistant"; content: string }[] });
  const grade = gradeOffline({ questionText: question.text, questionType: question.type as "free_response", rubric: question.rubric, answer: screened.text });
  return {
    scored: fromGrade(question, grade, gradingOf(grade.confidence, options)),
    offline: { result: grade, review: { flagged: screened.flagged, reasons: screened.reasons } },
  };
}

/**
 * An open answer a model should grade: only a provisional grade (a model is configured), and never
 * a late or blank answer (final at 0). Without a model the offline grade is final at once and no
 * job is queued: the job would only repeat it, at the cost of several D1 writes on the busiest path.
 */
export function modelGradeRequest(
  question: SessionQuestion,
  answer: Scored & { late: boolean; answer: Answer },
  blueprint: { aiModel: string },
): ModelGradeRequest | null {
  if (!isOpenQuestion(question) || answer.late || answer.grading !== "provisional" || isBlank(answer.answer)) return null;
  return { question: gradedQuestion(question), answer: answer.answer, aiModel: blueprint.aiModel };
}

function gradedQuestion(question: SessionQuestion): GradedQuestion {
  return {
    id: question.id,
    text: question.text,
    type: question.type as GradedQuestion["type"],
    rubric: rubricText(question.rubric) || null,
    gradingSystemInstruction: question.gradingSystemInstruction,
    systemInstruction: question.systemInstruction,
    initialPrompt: question.initialPrompt,
    metadata: question.scenarioTitle ? { title: question.scenarioTitle } : {},
  };
}

/**
 * The grading log of an answer graded offline for good (no model configured), sure or awaiting the
 * teacher: written by the route behind the response, so the review page shows every graded answer,
 * not only a model's, and flags the unsure ones (app/domain/ai/confidence.ts).
 */
export function offlineGradeLog(question: SessionQuestion, answer: Scored & { answer: Answer }, offline: OfflineGrading | null): OfflineGradeLog | null {
  if (!offline || (answer.grading !== "final" && answer.grading !== "review")) return null;
  return { question: gradedQuestion(question), answer: answer.answer, result: offline.result, review: offline.review };
}
