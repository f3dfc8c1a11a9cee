/**
 * Benchmark of the offline answer grader against human labels.
 *
 *   npm run bench:grader -- [--data FILE.jsonl] [--split NAME] [--fit]
 *
 * Each line of FILE is a JSON object with `question`, `referenceAnswer`, optional `rubric`,
 * `studentAnswer` and `humanScore` (0 or 1); other fields are ignored except `split`, which
 * `--split` filters on. Every answer is graded as the product grades it (gradeOffline, with the
 * reference answer and rubric standing in for the question's), counted correct at a score of 70
 * or more, and compared with the human label. The last line is the summary:
 * `accuracy 0.791 macroF1 0.785 kappa 0.571 n 979`.
 *
 * With no arguments it reads ../shared/data/asag/semeval2013_dev.jsonl from the repository root
 * (or $ASAG_DATA, or /work/shared/… when the relative path is missing, as in a worktree) and uses
 * the `test-UA` split (answers unseen during tuning). `--fit` instead fits the scorer's global
 * weights by logistic regression on the chosen rows and prints them for scoring.ts: run it on the
 * `train` split only, never on a test split.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { agreement } from "../app/domain/ai/offline-grader/agreement";
import { type AnswerFeatures, answerFeatures } from "../app/domain/ai/offline-grader/features";
import { gradeOffline } from "../app/domain/ai/offline-grader/index";
import { referenceMaterial } from "../app/domain/ai/offline-grader/rubric";
import { GRADE_CORRECT_THRESHOLD } from "../app/domain/ai/schemas";

type BenchRow = { question: string; referenceAnswer: string; rubric?: unknown; studentAnswer: string; humanScore: number; split?: string };

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_RELATIVE = "../shared/data/asag/semeval2013_dev.jsonl";
const DEFAULT_ABSOLUTE = "/work/shared/data/asag/semeval2013_dev.jsonl";
const DEFAULT_SPLIT = "test-UA";

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  const value = process.argv[index + 1];
  if (value === undefined || value.startsWith("--")) fail(`${name} needs a value`);
  return value;
}

function fail(message: string): never {
  console.error(`bench:grader: ${message}`);
  process.exit(1);
}

function defaultDataFile(): string {
  if (process.env.ASAG_DATA) return resolve(process.env.ASAG_DATA);
  const relative = join(repositoryRoot, DEFAULT_RELATIVE);
  return existsSync(relative) ? relative : DEFAULT_ABSOLUTE;
}

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

function readRows(file: string): BenchRow[] {
  if (!existsSync(file)) fail(`data file not found: ${file}`);
  return readFileSync(file, "utf8")
    .split(/\r?\n/)
    .map((line, index) => ({ line, lineNumber: index + 1 }))
    .filter(({ line }) => line.trim() !== "")
    .map(({ line, lineNumber }) => parseRow(line, lineNumber, file));
}

const logit = (probability: number) => Math.log(probability / (1 - probability));

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and symmetric positive definite). */
function solveLinear(matrix: number[][], vector: number[]): number[] {
  const size = vector.length;
  const rows = matrix.map((row, index) => [...row, vector[index]!]);
  for (let column = 0; column < size; column += 1) {
    let pivot = column;
    for (let row = column + 1; row < size; row += 1) if (Math.abs(rows[row]![column]!) > Math.abs(rows[pivot]![column]!)) pivot = row;
    [rows[column], rows[pivot]] = [rows[pivot]!, rows[column]!];
    for (let row = 0; row < size; row += 1) {
      if (row === column) continue;
      const factor = rows[row]![column]! / rows[column]![column]!;
      for (let k = column; k <= size; k += 1) rows[row]![k]! -= factor * rows[column]![k]!;
    }
  }
  return rows.map((row, index) => row[size]! / row[index]!);
}

/** Logistic regression by Newton's method, with a whisker of ridge so it always converges. */
function fitWeights(rows: readonly BenchRow[]): void {
  const features = rows.map((row) => answerFeatures(referenceMaterial(row.rubric, row.referenceAnswer).texts, row.question, row.studentAnswer));
  const names = Object.keys(features[0]!) as (keyof AnswerFeatures)[];
  const inputs = features.map((feature) => [1, ...names.map((name) => feature[name])]);
  const size = names.length + 1;
  const weights = new Array<number>(size).fill(0);
  const ridge = 1e-3 * rows.length;
  for (let iteration = 0; iteration < 30; iteration += 1) {
    const gradient = weights.map((weight, k) => (k === 0 ? 0 : ridge * weight));
    const hessian = Array.from({ length: size }, (_, a) => Array.from({ length: size }, (_, b) => (a === b && a > 0 ? ridge : a === b ? 1e-9 : 0)));
    inputs.forEach((input, row) => {
      const probability = 1 / (1 + Math.exp(-input.reduce((sum, x, k) => sum + x * weights[k]!, 0)));
      const curvature = probability * (1 - probability);
      input.forEach((x, a) => {
        gradient[a]! += (probability - rows[row]!.humanScore) * x;
        input.forEach((other, b) => (hessian[a]![b]! += curvature * x * other));
      });
    });
    solveLinear(hessian, gradient).forEach((step, k) => (weights[k]! -= step));
  }
  // The decision threshold with the best accuracy on these rows becomes a score of 70.
  const odds = inputs.map((input) => input.reduce((sum, x, k) => sum + x * weights[k]!, 0));
  let bestThreshold = 0;
  let bestCorrect = -1;
  for (let threshold = -2; threshold <= 2; threshold += 0.01) {
    const correct = odds.filter((value, row) => (value >= threshold ? 1 : 0) === rows[row]!.humanScore).length;
    if (correct > bestCorrect) [bestThreshold, bestCorrect] = [threshold, correct];
  }
  weights[0] = weights[0]! - bestThreshold + logit(GRADE_CORRECT_THRESHOLD / 100);
  console.log(`fitted on ${rows.length} rows (train accuracy at the best threshold ${(bestCorrect / rows.length).toFixed(4)}):`);
  console.log(["bias", ...names].map((name, k) => `  ${name}: ${weights[k]!.toFixed(3)},`).join("\n"));
}

const dataFile = flag("--data") ? resolve(flag("--data")!) : defaultDataFile();
const split = flag("--split") ?? (flag("--data") ? undefined : DEFAULT_SPLIT);
const allRows = readRows(dataFile);
const rows = split === undefined ? allRows : allRows.filter((row) => row.split === split);
if (rows.length === 0) fail(`no rows${split === undefined ? "" : ` in split "${split}"`} in ${dataFile}`);

if (process.argv.includes("--fit")) {
  fitWeights(rows);
} else {
  const started = performance.now();
  const predicted = rows.map(
    (row) =>
      gradeOffline({
        questionText: row.question,
        questionType: "free_response",
        rubric: row.rubric ?? "",
        referenceAnswer: row.referenceAnswer,
        answer: row.studentAnswer,
      }).score >= GRADE_CORRECT_THRESHOLD,
  );
  const millisecondsPerAnswer = (performance.now() - started) / rows.length;
  const result = agreement(
    predicted,
    rows.map((row) => row.humanScore === 1),
  );
  const humanCorrect = rows.filter((row) => row.humanScore === 1).length;
  console.log(`${dataFile}${split === undefined ? "" : ` split ${split}`}: ${rows.length} answers, ${humanCorrect} correct by the human grader`);
  console.log(`predicted correct ${predicted.filter(Boolean).length}, ${millisecondsPerAnswer.toFixed(3)} ms per answer`);
  console.log(`accuracy ${result.accuracy.toFixed(3)} macroF1 ${result.macroF1.toFixed(3)} kappa ${result.kappa.toFixed(3)} n ${result.n}`);
}
