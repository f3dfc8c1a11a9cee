/**
 * `npm run bench:calibration-live`: items that learn from real answers on a linked scale
 * (ADR 0033), through the functions the live path calls. Simulated students, their abilities
 * rising from fall to winter to spring, take placement tests with the live engine
 * (DEFAULT_ENGINE_CONFIG: SE ≤ 0.30 after 5 items, at most 20) on the blueprint's parameters
 * (`sessionParameters`); each completed session the calibrator uses (`calibrationUse`) updates its
 * items (`applySessionToItems`), and every N sessions a recalibration (`recalibrate`) stands in for
 * the daily Cron. Answers come from the true 2PL with seeded draws, and some students guess
 * rapidly. A fixed N(0, 1) evaluation population, never used for calibration, takes fixed
 * 20-item tests with the parameters frozen after each recalibration: its RMSE at 10 and 20 items
 * and its mean scale score (200 + 10θ), which must not move when only the calibration
 * population did.
 *
 *   npm run bench:calibration-live -- [--bank FILE] [--labels FILE] [--sessions N] [--every N]
 *                                      [--seed N] [--disengaged SHARE]
 *
 * The bank defaults to ../shared/data/cat/bank_2pl.csv (true a and b) and the labels to its
 * labels_60.csv (the first 60 items' noisy labels, the only thing the engine starts from).
 * --seed changes every draw (students, answers, guesses); --disengaged is the share of students
 * who guess on half their answers (default 0.08; everyone else guesses on 2%). The variants it
 * prints beside the live path run the same students with one thing changed. A benchmark, not a
 * test: it prints figures and asserts nothing.
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { LABEL_PRIORS } from "../app/domain/adaptive/item-model";
import { REPLAY_DEFAULTS } from "../app/domain/adaptive/live-calibration";
import {
  evaluate,
  evaluationPopulation,
  loadItems,
  type Population,
  type RunRecord,
  runVariant,
  seasonMean,
  setSeed,
  type Snapshot,
  type Variant,
} from "./bench-calibration-live/simulation";

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const flag = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1]! : fallback;
};
const dataDir = join(repositoryRoot, "../shared/data/cat");
const bankPath = resolve(flag("bank", join(dataDir, "bank_2pl.csv")));
const labelsPath = resolve(flag("labels", join(dataDir, "labels_60.csv")));

const population: Population = {
  sessions: Number(flag("sessions", "2000")),
  recalibrateEvery: Number(flag("every", "250")),
  disengagedShare: Number(flag("disengaged", "0.08")),
  disengagedRapidRate: 0.5,
  engagedRapidRate: 0.02,
};
const CHECKPOINTS = [250, 500, 1000, 2000].filter((sessions) => sessions <= population.sessions);
const EVALUATION_SIZE = 1000;

setSeed(Number(flag("seed", "0")));
const items = loadItems(bankPath, labelsPath);
const evaluationStudents = evaluationPopulation(EVALUATION_SIZE);
const started = performance.now();
const truth = evaluate(items, evaluationStudents, (item) => item.truth);
const labelsOnly = evaluate(items, evaluationStudents, (item) => LABEL_PRIORS[item.label]);

const live: Variant = {
  name: `live path: linked, ${REPLAY_DEFAULTS.ability}`,
  recalibration: "linked",
  ability: REPLAY_DEFAULTS.ability,
  flagRapidGuesses: true,
};
const variants: Variant[] = [
  live,
  ...(["before_answer", "final", "leave_one_out"] as const)
    .filter((ability) => ability !== live.ability)
    .map((ability): Variant => ({ ...live, name: `ability: ${ability}`, ability })),
  { ...live, name: "unlinked EM (each run a base scale)", recalibration: "unlinked" },
  { ...live, name: "online only (no recalibration)", recalibration: "none" },
  { ...live, name: "rapid guesses not flagged", flagRapidGuesses: false },
];
const results = variants.map((variant) => ({ variant, ...runVariant(variant, items, population, evaluationStudents, CHECKPOINTS) }));

const f = (value: number | null, digits = 3) => (value === null ? "–" : value.toFixed(digits));
const pad = (cells: (string | number)[], widths: number[]) => cells.map((cell, index) => String(cell).padStart(widths[index]!)).join(" ");
const drift = (runs: readonly RunRecord[]) => {
  const scores = runs.map((run) => run.meanScaleScore);
  return scores.length === 0 ? null : Math.max(...scores) - Math.min(...scores);
};

console.log(`Items that learn on a linked scale: ${items.length} labelled items (${bankPath}, labels ${labelsPath})`);
console.log(
  `${population.sessions} sessions (live DEFAULT_ENGINE_CONFIG: SE <= 0.30 after 5, at most 20 items, top-3 randomesque), ` +
    `recalibration every ${population.recalibrateEvery}; population mean by window: ` +
    Array.from({ length: Math.ceil(population.sessions / population.recalibrateEvery) }, (_, window) =>
      seasonMean(window * population.recalibrateEvery, population).toFixed(1),
    ).join(" "),
);
console.log(
  `rapid guessers: ${population.disengagedShare * 100}% of students guess on ${population.disengagedRapidRate * 100}% of answers, ` +
    `the rest on ${population.engagedRapidRate * 100}%; a guess is right 1 time in 4`,
);
console.log(`evaluation: ${EVALUATION_SIZE} other students, N(0, 1), fixed 20-item tests, parameters frozen at each point\n`);
console.log(
  `reference: true parameters RMSE@10 ${f(truth.rmse10)}, RMSE@20 ${f(truth.rmse20)}, mean scale score ${f(truth.meanScaleScore, 2)}; ` +
    `labels only RMSE@10 ${f(labelsOnly.rmse10)}, RMSE@20 ${f(labelsOnly.rmse20)}, mean ${f(labelsOnly.meanScaleScore, 2)}\n`,
);

function printSnapshots(name: string, snapshots: readonly Snapshot[]) {
  const widths = [9, 6, 7, 7, 8, 8, 9, 9, 7, 7];
  console.log(`${name}:`);
  console.log(pad(["sessions", "items", "b RMSE", "a RMSE", "RMSE@10", "RMSE@20", "true@10", "true@20", "mean", "length"], widths));
  for (const snapshot of snapshots) {
    console.log(
      pad(
        [
          snapshot.sessions,
          snapshot.itemsAnswered,
          f(snapshot.bRmse),
          f(snapshot.aRmse),
          f(snapshot.rmse10),
          f(snapshot.rmse20),
          f(truth.rmse10),
          f(truth.rmse20),
          f(snapshot.meanScaleScore, 2),
          f(snapshot.meanItems, 1),
        ],
        widths,
      ),
    );
  }
}

function printRuns(name: string, runs: readonly RunRecord[]) {
  const widths = [9, 6, 11, 8, 7, 10, 8];
  console.log(`${name}, each recalibration:`);
  console.log(pad(["sessions", "mean", "outcome", "anchors", "slope", "intercept", "scale"], widths));
  for (const run of runs) {
    const window = seasonMean(run.sessions - 1, population);
    console.log(pad([run.sessions, f(window, 1), run.outcome, run.anchors, f(run.slope), f(run.intercept), f(run.meanScaleScore, 2)], widths));
  }
  const range = drift(runs);
  console.log(`  mean scale score of the evaluation population moves by ${f(range, 2)} points across ${runs.length} recalibrations`);
}

const main = results[0]!;
printSnapshots(main.variant.name, main.snapshots);
console.log(
  `  ${main.used.sessions} of ${population.sessions} sessions used; ${main.used.answers} answers used, ${main.used.rapidLeftOut} rapid guesses left out\n`,
);
printRuns(main.variant.name, main.runs);
for (const run of main.runs) console.log(`  at ${run.sessions}: ${run.note}`);

console.log("\nVariants (same students, same answers):");
const widths = [36, 8, 8, 8, 8, 8, 8, 7];
const row = (cells: (string | number)[]) => `${String(cells[0]).padEnd(widths[0]!)} ${pad(cells.slice(1), widths.slice(1))}`;
console.log(row(["variant", "b@1000", "b@2000", "R20@1000", "R20@2000", "R10@2000", "a@2000", "drift"]));
for (const { variant, snapshots, runs } of results) {
  const at = (sessions: number) => snapshots.find((snapshot) => snapshot.sessions === sessions);
  console.log(
    row([
      variant.name,
      f(at(1000)?.bRmse ?? null),
      f(at(2000)?.bRmse ?? null),
      f(at(1000)?.rmse20 ?? null),
      f(at(2000)?.rmse20 ?? null),
      f(at(2000)?.rmse10 ?? null),
      f(at(2000)?.aRmse ?? null),
      f(drift(runs), 2),
    ]),
  );
}
console.log(`(drift: range of the evaluation population's mean scale score at the recalibration points)`);
const unlinked = results.find((result) => result.variant.recalibration === "unlinked");
if (unlinked) printRuns(`\n${unlinked.variant.name}`, unlinked.runs);

const at1000 = main.snapshots.find((snapshot) => snapshot.sessions === 1000);
if (at1000) {
  const gap = at1000.rmse20 - truth.rmse20;
  const range = drift(main.runs) ?? Infinity;
  console.log(`\nTargets after 1,000 sessions (live path):`);
  console.log(`  difficulty RMSE ${f(at1000.bRmse)} (<= 0.25: ${at1000.bRmse <= 0.25 ? "met" : "missed"})`);
  console.log(`  RMSE@20 ${f(at1000.rmse20)} vs true ${f(truth.rmse20)}: ${f(gap)} (<= 0.03: ${gap <= 0.03 ? "met" : "missed"})`);
  console.log(`  drift ${f(range, 2)} points over ${main.runs.length} recalibrations (< 1: ${range < 1 ? "met" : "missed"})`);
}
console.log(`\n${((performance.now() - started) / 1000).toFixed(1)} s`);
