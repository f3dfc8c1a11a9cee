import { offlineConfidenceIn } from "~/domain/ai/confidence";
import { screenAnswer } from "~/domain/ai/injection";
import { gradeOffline } from "~/domain/ai/offline-grader";
import type { OpenQuestionType } from "~/domain/questions/question-types";
import type { Answer } from "~/domain/sessions/session-contract";

import type { AnswerCheck, QuestionTypeHandlers } from "./handlers";

/** What the open types share: graded against the rubric, and the demo's good and weak answers. */

type CheckedQuestion = Parameters<QuestionTypeHandlers["check"]>[0];

/**
 * The offline grader's grade of the screened answer (a chat's student turns joined), for every open
 * type alike; unsure of an answer to a question not in English, which it cannot read (ADR 0044).
 */
function gradeOpenAnswer(question: CheckedQuestion, answer: Answer): AnswerCheck {
  const screened = screenAnswer(answer as string | { messages: { role: "user" | "assistant"; content: string }[] });
  const graded = gradeOffline({ questionText: question.text, questionType: question.type as OpenQuestionType, rubric: question.rubric, answer: screened.text });
  const result = { ...graded, confidence: offlineConfidenceIn(question.language, graded.confidence) };
  return { by: "rubric", grading: { result, review: { flagged: screened.flagged, reasons: screened.reasons } } };
}

/**
 * Seconds under which a written or chat answer is a rapid guess before the item has a typical time
 * (ADR 0033): reading the prompt and typing even a short answer takes longer than picking an
 * option, so a submit within 5 s is empty or a few keystrokes.
 */
const OPEN_RAPID_GUESS_SECONDS = 5;

/** What a student who did not know the answer writes: a guess that names no key idea. */
export const WEAK_ANSWER = "I am not sure. Maybe it is the bigger one because it looks bigger?";

/** What a simulated rapid guess writes. */
export const RAPID_OPEN_ANSWER = "idk";

/** A good answer to an open question: its rubric's reference answer, else its key points, else the rubric's own text. */
export function goodOpenAnswer(rubric: unknown): string {
  if (typeof rubric === "string") return rubric;
  if (rubric && typeof rubric === "object") {
    const { referenceAnswer, keyPoints } = rubric as { referenceAnswer?: unknown; keyPoints?: unknown };
    if (typeof referenceAnswer === "string" && referenceAnswer.trim()) return referenceAnswer;
    if (Array.isArray(keyPoints) && keyPoints.length) return keyPoints.filter((point) => typeof point === "string").join(". ");
    const texts = Object.values(rubric).filter((value): value is string => typeof value === "string");
    if (texts.length) return texts.join(". ");
  }
  return WEAK_ANSWER;
}

/** What every open type shares: graded against the rubric, the open rapid-guess default, no choices to reduce. */
export const OPEN_TYPE = {
  kind: "open",
  check: gradeOpenAnswer,
  rapidGuessDefaultSeconds: OPEN_RAPID_GUESS_SECONDS,
  reducibleChoices: false,
} as const;
