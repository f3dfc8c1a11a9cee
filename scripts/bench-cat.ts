/**
 * `npm run bench:cat`: the adaptive engine against the frozen inputs of ../shared/data/cat
 * (its README gives the protocol and the peers' figures). A benchmark, not a test: it prints
 * figures and asserts nothing.
 *
 * Protocol: θ̂ starts at 0 (the prior mean), no random start; loop: stop? → choose the next item
 * at the current estimate → read the answer from the matrix → re-estimate. Exposure control off
 * (k = 1, no cap) except in cat_L20_exposure, which runs the live settings with exposure counts
 * accumulating over the simulees in file order. Answers are never simulated: they come from the
 * response matrix. Every design also reports its items' exposure rates (max, p50, p90, share of
 * the bank never used, share above 0.25).
 *
 * One design:  npm run bench:cat -- --bank FILE --responses FILE --simulees FILE [--labels FILE]
 *              [--form FILE] --design NAME --out FILE.csv
 *              (with --labels: the labels-only design, see runLabelsOnly; --bank maps item ids to
 *              matrix columns only)
 * Every design: npm run bench:cat [-- --data DIR]   (or BENCH_CAT_DATA=DIR)
 * BENCH_CAT_SELECTION=expected_variance selects by expected posterior variance instead.
 * Inputs are read by bench-cat/inputs.ts, designs run by bench-cat/simulate.ts.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

import { loadInputs, loadLabelsOnlyInputs, parseDesign, type SimuleeResult } from "./bench-cat/inputs";
import { type ExposureFigures, exposureFigures, LABELS_TEST_FROM, median, runDesign, runLabelsOnly, summarize, toCsv } from "./bench-cat/simulate";

function parseFlags(argv: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index]!;
    if (!flag.startsWith("--")) throw new Error(`Unexpected argument ${flag}`);
    const value = argv[index + 1];
    if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value`);
    flags.set(flag.slice(2), value);
    index++;
  }
  return flags;
}

function runOne(flags: Map<string, string>): void {
  const required = (name: string) => {
    const value = flags.get(name);
    if (!value) throw new Error(`--${name} is required`);
    return value;
  };
  const design = parseDesign(required("design"));
  if (flags.has("labels")) {
    const paths = { bank: required("bank"), responses: required("responses") };
    const inputs = loadLabelsOnlyInputs({ ...paths, simulees: required("simulees") }, required("labels"));
    const results = runLabelsOnly(inputs, design);
    writeFileSync(required("out"), toCsv(results));
    printSummary(
      `${design.name}, labels only, simulees ${LABELS_TEST_FROM}+`,
      results,
      exposureFigures(
        results,
        inputs.labelled.map(({ id }) => id),
      ),
    );
    return;
  }
  const inputs = loadInputs({
    bank: required("bank"),
    responses: required("responses"),
    simulees: required("simulees"),
    form: flags.get("form"),
  });
  if (!design.adaptive && !flags.has("form")) {
    console.warn("No --form: the fixed form is the bank in file order.");
  }
  const results = runDesign(inputs, design);
  writeFileSync(required("out"), toCsv(results));
  printSummary(
    design.name,
    results,
    exposureFigures(
      results,
      inputs.bank.items.map((item) => item.id),
    ),
  );
}

function printSummary(title: string, results: readonly SimuleeResult[], exposure: ExposureFigures): void {
  const s = summarize(results);
  console.log(`design ${title}: ${results.length} simulees`);
  console.log(`RMSE ${s.rmse.toFixed(3)}  bias ${s.bias.toFixed(3)}  mean items ${s.meanItems.toFixed(1)}`);
  console.log(`share SE ≤ 0.30 ${(100 * s.shareSE30).toFixed(1)}%  ${s.msPerSimulee.toFixed(3)} ms per simulee`);
  console.log(
    `exposure: max ${exposure.max.toFixed(3)}  p50 ${exposure.p50.toFixed(3)}  p90 ${exposure.p90.toFixed(3)}` +
      `  never used ${percent(exposure.neverUsed)}  above 0.25 ${percent(exposure.aboveQuarter)}`,
  );
}

const percent = (share: number) => `${(100 * share).toFixed(1)}%`;

/** The run-all table's exposure columns: max, p50, p90, never used, above 0.25. */
function exposureColumns(exposure: ExposureFigures): string {
  return (
    [exposure.max, exposure.p50, exposure.p90].map((rate) => rate.toFixed(3).padStart(5)).join(" ") +
    ` ${percent(exposure.neverUsed).padStart(6)} ${percent(exposure.aboveQuarter).padStart(6)}`
  );
}

/** The peers' figures from the README (catsim MLE / jsCAT MLE / jsCAT EAP). */
const PEERS: Record<string, string> = {
  "2pl cat_L5": "0.591 / 0.728 / 0.488",
  "2pl cat_L10": "0.395 / 0.432 / 0.347",
  "2pl cat_L20": "0.273 / 0.288 / 0.251",
  "2pl cat_L30": "0.224 / 0.224 / 0.215",
  "2pl cat_se30": "0.297;16.4 / 0.301;17.0 / 0.280;15.5",
  "2pl lin_se30": "items 46.9 / 46.9 / 45.0",
  "rasch cat_L10": "0.701 / 0.723 / 0.577",
  "rasch cat_L20": "0.493 / 0.490 / 0.427",
  "rasch cat_L30": "0.399 / 0.403 / 0.352",
  "rasch cat_se30": "0.309;48.0 / 0.312;48.5 / 0.295;46.9",
};

const ALL_DESIGNS = ["cat_L5", "cat_L10", "cat_L20", "cat_L20_exposure", "cat_L30", "cat_se30", "lin_L10", "lin_L20", "lin_L30", "lin_se30"];

function runAll(dataDir: string): void {
  console.log(`Inputs: ${dataDir}`);
  console.log(
    "bank   design            RMSE   bias  items  SE≤.30   ms/sim | exposure max   p50   p90 unused  >0.25 | peers catsim MLE / jsCAT MLE / jsCAT EAP (RMSE or RMSE;items)",
  );
  let stepTimes: number[] = [];
  for (const bankName of ["2pl", "rasch"]) {
    const inputs = loadInputs({
      bank: join(dataDir, `bank_${bankName}.csv`),
      responses: join(dataDir, `responses_${bankName}.csv`),
      simulees: join(dataDir, "simulees.csv"),
      form: join(dataDir, "fixed_form_order.csv"),
    });
    for (const name of ALL_DESIGNS) {
      const timed = bankName === "2pl" && name === "cat_L10";
      const times: number[] = [];
      const results = runDesign(inputs, parseDesign(name), timed ? times : undefined);
      const s = summarize(results);
      if (timed) stepTimes = times;
      console.log(
        [
          bankName.padEnd(6),
          name.padEnd(16),
          s.rmse.toFixed(3).padStart(6),
          s.bias.toFixed(3).padStart(6),
          s.meanItems.toFixed(1).padStart(6),
          `${(100 * s.shareSE30).toFixed(1)}%`.padStart(7),
          s.msPerSimulee.toFixed(3).padStart(8),
          "|         ",
          exposureColumns(
            exposureFigures(
              results,
              inputs.bank.items.map((item) => item.id),
            ),
          ),
          "|",
          PEERS[`${bankName} ${name}`] ?? "",
        ].join(" "),
      );
    }
  }
  const labelsInputs = loadLabelsOnlyInputs(
    {
      bank: join(dataDir, "bank_2pl.csv"),
      responses: join(dataDir, "responses_2pl.csv"),
      simulees: join(dataDir, "simulees.csv"),
    },
    join(dataDir, "labels_60.csv"),
  );
  for (const name of ["cat_L10", "cat_L20"]) {
    const results = runLabelsOnly(labelsInputs, parseDesign(name));
    const s = summarize(results);
    const exposure = exposureColumns(
      exposureFigures(
        results,
        labelsInputs.labelled.map(({ id }) => id),
      ),
    );
    console.log(
      `labels ${name.padEnd(16)} ${s.rmse.toFixed(3).padStart(6)} ${s.bias.toFixed(3).padStart(6)}` +
        ` ${s.meanItems.toFixed(1).padStart(6)} |          ${exposure} (60-item bank) | simulees ${LABELS_TEST_FROM}+; items calibrated online on simulees 0-${LABELS_TEST_FROM - 1}` +
        (name === "cat_L10" ? " | reference: labels never updated ≈ 0.53, Elo ≈ 0.47, true a, b 0.42" : ""),
    );
  }
  console.log(`next + update on the 300-item 2PL bank: median ${(1000 * median(stepTimes)).toFixed(1)} µs over ${stepTimes.length} steps`);
}

/** ../shared/data/cat from the main checkout; a worktree under /work/wt sits one level deeper. */
function defaultDataDir(): string {
  const candidates = ["../shared/data/cat", "../../shared/data/cat"];
  return candidates.find((dir) => existsSync(join(dir, "README.md"))) ?? candidates[0]!;
}

try {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.has("design")) {
    runOne(flags);
  } else {
    runAll(resolve(flags.get("data") ?? process.env.BENCH_CAT_DATA ?? defaultDataDir()));
  }
} catch (error) {
  // A usage or input error: its message is the whole story, no stack trace.
  console.error(`bench:cat: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
