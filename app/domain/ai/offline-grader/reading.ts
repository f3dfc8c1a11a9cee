import { readRubric } from "./rubric";
import { topScoreLevel } from "./score-points";
import { targetOf } from "./targets";

/**
 * What the offline grader reads from a question's rubric, for the teacher who writes it: the same
 * reading the grader compares answers with (rubric.ts), never a second parser, so the question
 * dialog, `GET /api/questions/{id}` and the grades agree
 * (docs/decisions/0034-offline-grader-rubric-forms-and-held-out-questions.md).
 */
export type RubricReading = {
  /** Answers any one of which is right on its own. */
  acceptable: string[];
  /** "List three of …": right when the answer gives `count` distinct items of `items`. */
  counted: { count: number; items: string[] } | null;
  /** Criteria; each entry lists statements that are all required. */
  criteria: string[][];
  /** What marks an answer wrong: `mustNot` what must not appear, `incorrect` an example of a wrong answer; `onlyAlone` when it is wrong only with nothing more. */
  exclusions: { kind: "mustNot" | "incorrect"; text: string; onlyAlone: boolean }[];
  /** A score-point rubric, read as full credit's description alone. */
  scorePoints: boolean;
  /** Whether the grader read something an answer can be matched with. */
  matchable: boolean;
  /** Shown when it read nothing it can match (nothing at all, or only a generic description). */
  warning: string | null;
};

/** A short rubric in the form the grader reads best; the example is itself read as acceptable answers (reading.test.ts). */
export const RUBRIC_EXAMPLE = "Acceptable answers: harmful, damaging, detrimental";

export const UNMATCHABLE_RUBRIC_WARNING = `The automatic grader cannot check this rubric on its own: answers will wait for your review unless an AI model is configured. List acceptable answers, for example: “${RUBRIC_EXAMPLE}”.`;

/** How the offline grader reads a rubric of any shape (text, JSON text or a JSON object) for a question. */
export function rubricReading(rubric: unknown, questionText = ""): RubricReading {
  const read = readRubric(rubric, [], [], questionText);
  const scorePoints = typeof rubric === "string" && topScoreLevel(rubric) !== undefined;
  // The grader's own targets (targets.ts): a text with no content word gives it nothing to match.
  const targets = [...read.acceptable.map((text) => targetOf([text])), ...read.criteria.map((items) => targetOf(items))].filter((target) => target.length > 0);
  const matchable = !read.genericOnly && (targets.length > 0 || read.counted !== undefined);
  return {
    acceptable: read.acceptable,
    counted: read.counted ?? null,
    criteria: read.criteria,
    exclusions: [
      ...read.mustNot.map((item) => ({ kind: "mustNot" as const, text: item.text, onlyAlone: item.bare })),
      ...read.incorrect.map((item) => ({ kind: "incorrect" as const, text: item.text, onlyAlone: item.bare })),
    ],
    scorePoints,
    matchable,
    warning: matchable ? null : UNMATCHABLE_RUBRIC_WARNING,
  };
}
