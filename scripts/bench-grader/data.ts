/** Reading the bench files: the SemEval-2013 development set and the hand-written K-12 and attack files. */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import type { OfflineGradingInput } from "../../app/domain/ai/offline-grader/index";

export type BenchRow = {
  question: string;
  questionId?: string;
  referenceAnswer: string;
  allReferenceAnswers?: string[];
  rubric?: unknown;
  studentAnswer: string;
  humanScore: number;
  split?: string;
  attack?: string;
};

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(here, "../..");
const SEMEVAL_RELATIVE = "../shared/data/asag/semeval2013_dev.jsonl";
const SEMEVAL_ABSOLUTE = "/work/shared/data/asag/semeval2013_dev.jsonl";
export const K12_FILE = join(here, "k12.jsonl");
export const ATTACKS_FILE = join(here, "attacks.jsonl");
/** Attacks written for developing the grader's rules; attacks.jsonl is kept for testing them. */
export const ATTACKS_DEV_FILE = join(here, "attacks-dev.jsonl");

export function fail(message: string): never {
  console.error(`bench:grader: ${message}`);
  process.exit(1);
}

/** $ASAG_DATA, else ../shared/… from the repository root, else /work/shared/… (as in a worktree). */
export function semevalFile(): string {
  if (process.env.ASAG_DATA) return resolve(process.env.ASAG_DATA);
  const relative = join(repositoryRoot, SEMEVAL_RELATIVE);
  return existsSync(relative) ? relative : SEMEVAL_ABSOLUTE;
}

/**
 * The real teachers' sets beside the SemEval file (../shared/data/asag/README.md) whose licence lets
 * what is fitted on them ship: the offline grade's confidence is fitted on them with SemEval
 * `train`, and its review line set on them. SAF is MIT-licensed; ASAP states no licence (research
 * and evaluation only), so it only measures the shipped confidence, as a set it never saw.
 */
export const calibrationRubricFiles = () => ["saf-english.jsonl"].map((name) => join(dirname(semevalFile()), name));

function parseRow(line: string, lineNumber: number, file: string): BenchRow {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    fail(`${file} line ${lineNumber}: not valid JSON (${(error as Error).message})`);
  }
  const row = value as Partial<BenchRow> | null;
  const problem =
    !row || typeof row !== "object"
      ? "not a JSON object"
      : typeof row.question !== "string"
        ? "`question` must be a string"
        : typeof row.referenceAnswer !== "string"
          ? "`referenceAnswer` must be a string"
          : typeof row.studentAnswer !== "string"
            ? "`studentAnswer` must be a string"
            : row.humanScore !== 0 && row.humanScore !== 1
              ? "`humanScore` must be 0 or 1"
              : undefined;
  if (problem) fail(`${file} line ${lineNumber}: ${problem}`);
  return row as BenchRow;
}

export function readRows(file: string, split?: string): BenchRow[] {
  if (!existsSync(file)) fail(`data file not found: ${file}`);
  const rows = readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((line, index) => ({ line, lineNumber: index + 1 }))
    .filter(({ line }) => line.trim() !== "")
    .map(({ line, lineNumber }) => parseRow(line, lineNumber, file));
  const chosen = split === undefined ? rows : rows.filter((row) => row.split === split);
  if (chosen.length === 0) fail(`no rows${split === undefined ? "" : ` in split "${split}"`} in ${file}`);
  return chosen;
}

/** A row as the product grades it: the reference answers (all of them) and the rubric stand in for the question's. */
export function inputOf(row: BenchRow): OfflineGradingInput {
  return {
    questionText: row.question,
    questionType: "free_response",
    rubric: row.rubric ?? "",
    referenceAnswer: row.referenceAnswer,
    referenceAnswers: row.allReferenceAnswers ?? [],
    answer: row.studentAnswer,
  };
}

/** The question a row belongs to (its id, else its text). */
export const questionOf = (row: BenchRow) => row.questionId ?? row.question;
