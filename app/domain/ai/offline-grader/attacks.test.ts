import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { DEMO_QUESTIONS } from "~/models/seed-questions";

import { wordRuns } from "../rubric-quotes";
import { GRADE_CORRECT_THRESHOLD, type GradingResult } from "../schemas";
import { gradeOffline } from "./index";
import { readRubric } from "./rubric";
import { STOPWORDS } from "./stopwords";

/**
 * The bench's hand-written K-12 answers and gaming attempts (scripts/bench-grader/README.md),
 * graded as the product grades them: attempts to game the grader stay below the pass mark, and a
 * wrong answer's feedback never quotes the rubric.
 */
type BenchRow = { question: string; rubric: string; studentAnswer: string; humanScore: number; attack?: string };

const benchFile = (name: string) => join(import.meta.dirname, "../../../../scripts/bench-grader", name);
const rowsOf = (name: string): BenchRow[] =>
  readFileSync(benchFile(name), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as BenchRow);
const attacks = rowsOf("attacks.jsonl");
const k12 = rowsOf("k12.jsonl");
const grade = (row: { question: string; rubric: unknown; studentAnswer: string }) =>
  gradeOffline({ questionText: row.question, questionType: "free_response", rubric: row.rubric, answer: row.studentAnswer });

/**
 * Attacks of each kind that must stay below the pass mark. Lists of key words and echoes of the
 * question are all held; negated and contradictory answers partly need meaning a word matcher does
 * not have (README figures), so these are floors that must not slip.
 */
const HELD_AT_LEAST: Record<string, number> = { keyword_list: 26, question_echo: 18, negated: 18, contradictory: 12 };

describe("attacks on the offline grader", () => {
  it("has the kinds the bench file documents", () => {
    expect(new Set(attacks.map((row) => row.attack))).toEqual(new Set(Object.keys(HELD_AT_LEAST)));
  });

  for (const [kind, floor] of Object.entries(HELD_AT_LEAST)) {
    it(`keeps at least ${floor} ${kind} attempts below the pass mark`, () => {
      const rows = attacks.filter((row) => row.attack === kind);
      const held = rows.filter((row) => grade(row).score < GRADE_CORRECT_THRESHOLD);
      expect(held.length).toBeGreaterThanOrEqual(floor);
    });
  }
});

function leakedRuns(result: GradingResult, rubric: unknown): string[] {
  const parsed = readRubric(rubric);
  const secrets = [...parsed.keyPoints, ...parsed.acceptable, ...parsed.criteria.flat()];
  const shown = new Set([result.feedback, ...result.strengths, ...result.improvements].flatMap((text) => [...wordRuns(text)]));
  return secrets.flatMap((secret) => [...wordRuns(secret)]).filter((run) => shown.has(run));
}

describe("feedback for a wrong answer", () => {
  it("never quotes five words in a row of the rubric's key points, acceptable answers or criteria (K-12 and attacks)", () => {
    for (const row of [...k12, ...attacks]) {
      const result = grade(row);
      if (result.score < GRADE_CORRECT_THRESHOLD) expect(leakedRuns(result, row.rubric), row.studentAnswer).toEqual([]);
    }
  });

  it("never quotes the demo open questions' rubrics, and their key-point word lists do not pass", () => {
    const open = DEMO_QUESTIONS.filter((question) => question.rubric);
    expect(open.length).toBeGreaterThan(3);
    for (const question of open) {
      const rubric = question.rubric!;
      const keyWords = [
        ...new Set(
          rubric.keyPoints
            .join(" ")
            .toLowerCase()
            .match(/[a-z0-9]+/g) ?? [],
        ),
      ]
        .filter((word) => !STOPWORDS.has(word))
        .join(" ");
      for (const answer of [keyWords, "I am not sure. Maybe it is the bigger one because it looks bigger?"]) {
        const result = grade({ question: question.text, rubric, studentAnswer: answer });
        expect(result.score, `${question.text}: ${answer}`).toBeLessThan(GRADE_CORRECT_THRESHOLD);
        expect(leakedRuns(result, rubric)).toEqual([]);
      }
    }
  });
});
