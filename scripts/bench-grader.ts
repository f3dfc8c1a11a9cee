/**
 * Benchmark of the offline answer grader against human labels.
 *
 *   npm run bench:grader                       unseen answers, held-out questions, K-12, attacks (test and development)
 *   npm run bench:grader -- --holdout questions   held-out questions (with the baseline) beside unseen answers
 *   npm run bench:grader -- --data FILE.jsonl [--split NAME]   one file (or one split of the SemEval file): the
 *                                              shipped grader, then its questions held out (grouped folds)
 *   npm run bench:grader -- --fit              fits the scorer's global weights on `train`, and the confidence's
 *                                              on `train` and the real teachers' sets beside it
 *
 * Rows are JSON objects with `question`, `referenceAnswer`, optional `allReferenceAnswers`, optional
 * `rubric`, `studentAnswer` and `humanScore` (0 or 1); `split` filters with --split, `questionId`
 * groups the folds, `attack` names an attack's kind. Every answer is graded as the product grades
 * it (gradeOffline), counted correct at a score of 70 or more, and compared with the human label.
 *
 * The SemEval data is ../shared/data/asag/semeval2013_dev.jsonl from the repository root (or
 * $ASAG_DATA, or /work/shared/… in a worktree). "Held-out questions" is grouped 10-fold
 * cross-validation by question on its `train` split: each fold is graded with weights fitted on
 * the other folds' questions only. Nothing is fitted or tuned on a test split (test-UA, k12, attack).
 * The confidence of a held-out fold is fitted without its questions too (bench-grader/confidence.ts).
 */
import { resolve } from "node:path";

import { agreement } from "../app/domain/ai/offline-grader/agreement";
import { reviewLineEstimate } from "../app/domain/ai/offline-grader/confidence";
import {
  asGraded,
  calibrationSets,
  type Confidence,
  confidenceOf,
  confidenceSplit,
  fitConfidenceWeights,
  heldOutConfidence,
  reliabilityLine,
  unflaggedWrongLine,
} from "./bench-grader/confidence";
import { ATTACKS_DEV_FILE, ATTACKS_FILE, type BenchRow, fail, K12_FILE, readRows, semevalFile } from "./bench-grader/data";
import { type Analysed, analyseRows, assignFolds, baselineVerdicts, crossValidatedScores, fitScoringWeights, passes, scoreWith } from "./bench-grader/holdout";

const FOLDS = 10;

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  const value = process.argv[index + 1];
  if (value === undefined || value.startsWith("--")) fail(`${name} needs a value`);
  return value;
}

function agreementLine(label: string, rows: readonly BenchRow[], verdicts: readonly boolean[]): string {
  const result = agreement(
    verdicts,
    rows.map((row) => row.humanScore === 1),
  );
  return `${label}: accuracy ${result.accuracy.toFixed(3)} macroF1 ${result.macroF1.toFixed(3)} kappa ${result.kappa.toFixed(3)} n ${result.n}`;
}

/** Grades rows with the shipped weights, timing the whole grader (gradeOffline's work) per answer. */
function graded(rows: readonly BenchRow[]): { analysed: Analysed[]; scores: number[]; msPerAnswer: number } {
  const started = performance.now();
  const analysed = analyseRows(rows);
  const scores = analysed.map((item) => scoreWith(item));
  return { analysed, scores, msPerAnswer: (performance.now() - started) / rows.length };
}

function unseenAnswersLine(): string {
  const rows = readRows(semevalFile(), "test-UA");
  const { scores, msPerAnswer } = graded(rows);
  return `${agreementLine("unseen answers (test-UA)", rows, scores.map(passes))} · ${msPerAnswer.toFixed(2)} ms/answer`;
}

/** Held-out questions of SemEval `train`, their confidence fitted without them (nested) and on the real sets that may ship. */
function heldOutQuestions(): string[] {
  const rows = readRows(semevalFile(), "train");
  const analysed = analyseRows(rows);
  const fold = assignFolds(analysed, FOLDS);
  const scores = crossValidatedScores(analysed, fold, FOLDS);
  const questions = new Set(analysed.map((item) => item.question)).size;
  const others = calibrationSets()
    .filter((set) => set.setsReviewLine)
    .map(asGraded);
  const confidence = heldOutConfidence(analysed, scores, fold, FOLDS, others, false);
  return [
    `${agreementLine(`held-out questions (train, ${FOLDS}-fold by question, ${questions} questions)`, rows, scores.map(passes))}`,
    `${agreementLine("  word-overlap baseline, same folds", rows, baselineVerdicts(analysed, fold, FOLDS))}`,
    `  held-out ${confidenceSplit(analysed, scores, confidence)}`,
    `  held-out ${reliabilityLine(analysed, scores, confidence)}`,
  ];
}

/** Attacks held below the pass mark, by kind; rows of kind "right" are right answers, counted when they pass. */
function attacksLine(label: string, file: string): string {
  const rows = readRows(file);
  const { scores } = graded(rows);
  const kinds = [...new Set(rows.map((row) => row.attack ?? "other"))];
  const byKind = kinds.map((kind) => {
    const indexes = rows.map((row, index) => ((row.attack ?? "other") === kind ? index : -1)).filter((index) => index >= 0);
    if (kind === "right") return `right answers ≥ 70 ${indexes.filter((index) => passes(scores[index]!)).length}/${indexes.length}`;
    return `${kind} ${indexes.filter((index) => !passes(scores[index]!)).length}/${indexes.length}`;
  });
  const attacks = rows.map((row, index) => ({ row, score: scores[index]! })).filter(({ row }) => row.attack !== "right");
  const held = attacks.filter(({ score }) => !passes(score)).length;
  return `${label}: ${held} of ${attacks.length} score < 70 (${((100 * held) / attacks.length).toFixed(0)}%) · ${byKind.join(", ")}`;
}

function k12Lines(): string[] {
  const rows = readRows(K12_FILE);
  const { analysed, scores, msPerAnswer } = graded(rows);
  const confidence = analysed.map((item, index) => confidenceOf(item, scores[index]!));
  return [
    `${agreementLine("K-12 (rubric only)", rows, scores.map(passes))} · ${msPerAnswer.toFixed(2)} ms/answer`,
    `  K-12 ${confidenceSplit(analysed, scores, confidence)}`,
    `  K-12 ${reliabilityLine(analysed, scores, confidence)}`,
  ];
}

/**
 * The shipped weights: the scorer's on SemEval `train`, then the confidence's on SemEval `train`
 * (graded out of fold) and on the real teachers' sets that may ship (SAF, graded by the shipped
 * scorer, which never saw it), its review line set there. After pasting new scoring weights, run it again
 * for the confidence of the grades they give.
 */
function fit(): void {
  const rows = readRows(semevalFile(), flag("--split") ?? "train");
  const analysed = analyseRows(rows);
  const { weights, accuracy } = fitScoringWeights(analysed);
  console.log(`scoring weights fitted on ${rows.length} rows (accuracy at the best threshold ${accuracy.toFixed(4)}), for scoring.ts:`);
  console.log(
    Object.entries(weights)
      .map(([name, value]) => `  ${name}: ${value.toFixed(3)},`)
      .join("\n"),
  );
  const confidence = fitConfidenceWeights(calibrationSets().map(asGraded));
  console.log(
    `confidence weights fitted on SemEval train (out of fold) and the real sets that may ship, SAF (review line at an estimated agreement of ${reviewLineEstimate(confidence).toFixed(3)}), for confidence.ts:`,
  );
  console.log(
    Object.entries(confidence)
      .map(([name, value]) => `  ${name}: ${value.toFixed(3)},`)
      .join("\n"),
  );
}

/**
 * One file: the grader as shipped (its weights never saw this file), then grouped cross-validation
 * by question on the file itself (each fold scored and its confidence fitted on the other folds'
 * questions only), the figure to develop against without tuning on what it reports.
 */
function oneFile(file: string, split: string | undefined): void {
  const rows = readRows(file, split);
  const { analysed, scores, msPerAnswer } = graded(rows);
  const humanCorrect = rows.filter((row) => row.humanScore === 1).length;
  console.log(`${file}${split === undefined ? "" : ` split ${split}`}: ${rows.length} answers, ${humanCorrect} correct by the human grader`);
  console.log(`predicted correct ${scores.filter(passes).length}, ${msPerAnswer.toFixed(3)} ms per answer`);
  console.log(agreementLine("shipped grader", rows, scores.map(passes)));
  const shippedConfidence = analysed.map((item, index) => confidenceOf(item, scores[index]!));
  console.log(`  shipped ${unflaggedWrongLine(analysed, scores, shippedConfidence)}`);
  console.log(`  shipped ${confidenceSplit(analysed, scores, shippedConfidence)}`);
  console.log(`  shipped ${reliabilityLine(analysed, scores, shippedConfidence)}`);
  const questions = new Set(analysed.map((item) => item.question)).size;
  if (questions < 2) return;
  const folds = Math.min(FOLDS, questions);
  const fold = assignFolds(analysed, folds);
  const heldOut = crossValidatedScores(analysed, fold, folds);
  const usedFolds = new Set(fold).size;
  console.log(agreementLine(`held-out questions (${usedFolds} folds by question, ${questions} questions)`, rows, heldOut.map(passes)));
  console.log(agreementLine("  word-overlap baseline, same folds", rows, baselineVerdicts(analysed, fold, folds)));
  // The file's own rows are held out of the other sets the confidence is fitted on; its other
  // folds set the review line too, as a real set's would (unless it is a SemEval split).
  // A file the shipped confidence was not fitted on (ASAP) is held out of it already: its held-out
  // grades take the shipped confidence.
  const path = resolve(file);
  const sets = calibrationSets();
  const fittedOn = sets.some((set) => set.file.startsWith(`${path}#`) || set.file === path);
  const others = sets.filter((set) => !set.file.startsWith(`${path}#`) && set.file !== path).map(asGraded);
  const heldOutConfidences: Confidence[] = fittedOn
    ? heldOutConfidence(analysed, heldOut, fold, folds, others, path !== resolve(semevalFile()))
    : analysed.map((item, index) => confidenceOf(item, heldOut[index]!));
  console.log(`  held-out ${unflaggedWrongLine(analysed, heldOut, heldOutConfidences)}`);
  console.log(`  held-out ${confidenceSplit(analysed, heldOut, heldOutConfidences)}`);
  console.log(`  held-out ${reliabilityLine(analysed, heldOut, heldOutConfidences)}`);
}

if (process.argv.includes("--fit")) fit();
else if (flag("--holdout")) {
  if (flag("--holdout") !== "questions") fail("--holdout takes `questions`");
  const held = heldOutQuestions();
  console.log(unseenAnswersLine());
  held.forEach((line) => console.log(line));
} else if (flag("--data") || flag("--split")) {
  oneFile(flag("--data") ?? semevalFile(), flag("--split") ?? (flag("--data") ? undefined : "test-UA"));
} else {
  const held = heldOutQuestions();
  console.log(unseenAnswersLine());
  held.forEach((line) => console.log(line));
  k12Lines().forEach((line) => console.log(line));
  console.log(attacksLine("attacks (test)", ATTACKS_FILE));
  console.log(attacksLine("attacks (development)", ATTACKS_DEV_FILE));
}
