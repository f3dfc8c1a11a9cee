import type { MatchedTarget } from "../schemas";
import { readRubric } from "./rubric";
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
  // The grader's own targets (targets.ts): a text with no content word gives it nothing to match.
  const targets = [...read.acceptable.map((text) => targetOf([text])), ...read.criteria.map((items) => targetOf(items))].filter((target) => target.length > 0);
  const matchable = !read.genericOnly && (targets.length > 0 || read.counted !== undefined);
  return {
    acceptable: read.acceptable,
    counted: read.counted ?? null,
    // A generic full-credit description is kept whole for the grade's sake (rubric.ts), but it names
    // nothing an answer could be checked against: the warning says so instead of listing its lines.
    criteria: read.genericOnly ? [] : read.criteria,
    exclusions: [
      ...read.mustNot.map((item) => ({ kind: "mustNot" as const, text: item.text, onlyAlone: item.bare })),
      ...read.incorrect.map((item) => ({ kind: "incorrect" as const, text: item.text, onlyAlone: item.bare })),
    ],
    scorePoints: read.scorePoints === true,
    matchable,
    warning: matchable ? null : UNMATCHABLE_RUBRIC_WARNING,
  };
}

/** The texts of the question dialog's panel, beside the reading they present. */
export const READING_TEXTS = {
  heading: "How answers will be checked",
  intro: "What the automatic grader (no AI model) reads from this rubric.",
  acceptable: "Acceptable answers: any one of them is right",
  counted: (count: number) => `Right when the answer gives ${count} different items of these`,
  criteria: "Criteria: an answer is compared with the one it matches best (every point of a group is needed)",
  exclusions: "Marked wrong when the answer says",
  onlyAlone: "only when the answer says nothing more",
  incorrectExample: "an incorrect example",
  scorePoints: "A score-point rubric: only full credit's description is read.",
  warningLabel: "Warning:",
} as const;

const MATCH_KIND_NAMES: Record<MatchedTarget["kind"], string> = {
  acceptable: "acceptable answer",
  criterion: "criterion",
  counted: "counted items",
};

/** What preview grading says the answer matched: "Matched acceptable answer: …", or "Closest …" for an answer under the pass mark. */
export function matchedTargetText(matched: MatchedTarget, correct: boolean): string {
  return `${correct ? "Matched" : "Closest"} ${MATCH_KIND_NAMES[matched.kind]}: “${matched.text}”`;
}
