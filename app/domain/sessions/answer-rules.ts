import type { TitledMessage } from "~/domain/shell/action-result";

import type { Scored, StudentGrade } from "./session-contract";

/**
 * The product's answer rules as the page checks them before sending (no zod: the student
 * page's JavaScript budget). The server checks the same rules in screen-actions.ts, which takes
 * these texts from here.
 */

// Catalog codes (ADR 0045): the loader and the action render them in the request's language.
export const SELECTION_REQUIRED: TitledMessage = { title: "test.selectionRequiredTitle", message: "test.selectionRequired" };
export const SELECTIONS_REQUIRED: TitledMessage = { title: "test.selectionRequiredTitle", message: "test.selectionsRequired" };
export const ANSWER_REQUIRED: TitledMessage = { title: "test.answerRequiredTitle", message: "test.answerRequired" };
export const RESPONSE_REQUIRED: TitledMessage = { title: "test.responseRequiredTitle", message: "test.responseRequired" };
export const INTERACTION_REQUIRED: TitledMessage = { title: "test.interactionRequiredTitle", message: "test.interactionRequired" };
export const MODE_REQUIRED: TitledMessage = { title: "start.modeRequiredTitle", message: "start.modeRequired" };

/** 80 or more 'Excellent!', 50 or more 'Good effort', else 'Keep learning' (the feedback area's messages); 70 or more is correct. */
export function scoreLabel(score: number): "excellent" | "goodEffort" | "keepLearning" {
  return score >= 80 ? "excellent" : score >= 50 ? "goodEffort" : "keepLearning";
}
export const isCorrectScore = (score: number) => score >= 70;

/** A grade as a score out of 100: an open answer's own, a choice question's 100 or 0. */
export function gradeOutOf100(grade: { score: number | null; wasCorrect: boolean }): number {
  return grade.score ?? (grade.wasCorrect ? 100 : 0);
}

/** What a student reads, in place of a mark, about an answer whose grader was unsure (`grading: "review"`). */
export const AWAITING_TEACHER = "Your teacher will check this answer";

/**
 * The one place a stored grade becomes what the student is told of it. An answer awaiting its
 * teacher tells nothing of its grade: the grader was unsure, and a wrong mark is worse than none.
 */
export function studentGrade(answer: Pick<Scored, "gradingScore" | "wasCorrect" | "feedback" | "grading">): StudentGrade {
  if (answer.grading === "review") return { score: null, wasCorrect: null, feedback: null, grading: "review" };
  return {
    score: answer.gradingScore,
    wasCorrect: answer.wasCorrect,
    feedback: answer.feedback,
    grading: answer.grading === "provisional" ? "provisional" : "final",
  };
}

/** A student's grade alone, with its score out of 100 (`gradeOutOf100`); an answer awaiting its teacher has none. */
export function studentGradeOutOf100(grade: StudentGrade): StudentGrade {
  if (grade.grading === "review") return { score: null, wasCorrect: null, feedback: null, grading: "review" };
  return { score: gradeOutOf100(grade), wasCorrect: grade.wasCorrect, feedback: grade.feedback, grading: grade.grading };
}
