import { POINTS } from "~/domain/adaptive/results";
import { isLowConfidence } from "~/domain/ai/confidence";
import { answerText, rubricText } from "~/domain/ai/grading-request";
import { GRADE_CORRECT_THRESHOLD, type GradingResult } from "~/domain/ai/schemas";
import { questionTypeOf } from "~/domain/questions/types";
import type { OfflineGrading } from "~/domain/questions/types/handlers";

import type { SessionQuestion } from "./blueprint";
import type { Answer, GradedQuestion, ModelGradeRequest, OfflineGradeLog, Scored } from "./session-contract";

export const isOpenQuestion = (question: Pick<SessionQuestion, "type">) => questionTypeOf(question.type).kind === "open";

/** Whether an answer has the form its question takes (text, the chosen texts, or a chat transcript). */
export function answerFitsQuestion(question: SessionQuestion, answer: Answer): boolean {
  return questionTypeOf(question.type).answer.schema.safeParse(answer).success;
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
  const check = questionTypeOf(question.type).check(question, answer);
  if (check.by === "key") return { scored: scored(question, check.correct ? 1 : 0), offline: null };
  return { scored: fromGrade(question, check.grading.result, gradingOf(check.grading.result.confidence, options)), offline: check.grading };
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
    ...(question.language && question.language !== "en" ? { language: question.language } : {}),
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
