/** Running the benchmark's designs through the engine (bench-cat.ts). */
import { performance } from "node:perf_hooks";

import { type CalibratedItem, uncalibratedItem, updateItemOnline } from "../../app/domain/adaptive/calibration";
import { type EngineConfig, type EngineState, nextEngineStep, startEngine, updateEngine } from "../../app/domain/adaptive/engine";
import { type ExposureCounts, exposureRate, recordExposure } from "../../app/domain/adaptive/exposure";
import type { AdaptiveItem } from "../../app/domain/adaptive/selection";
import { placementStopReason } from "../../app/domain/adaptive/stopping";
import { type Bank, columnOf, type Design, type Inputs, type LabelsOnlyInputs, type Simulee, type SimuleeResult } from "./inputs";

/** BENCH_CAT_SELECTION=expected_variance compares the look-ahead rule (engine.ts). */
const SELECTION: EngineConfig["selection"] = process.env.BENCH_CAT_SELECTION === "expected_variance" ? "expected_variance" : "max_information";

type SimuleeRun = {
  bank: Bank;
  design: Design;
  form: readonly AdaptiveItem[];
  stepTimes?: number[];
  /** The items, parameters and exposure counts the engine sees, when not the true bank. */
  engineBank?: Bank;
  /** The attempt's seed: only randomesque selection (k > 1) draws from it. */
  seed?: number;
};

/**
 * Runs one simulee. The fixed form shares the engine's estimation and stopping rule; only the
 * choice differs (the form's next item instead of `next`'s).
 */
function runSimulee(simulee: Simulee, answers: Uint8Array, run: SimuleeRun): SimuleeResult {
  const { bank, design, form, stepTimes, engineBank = bank } = run;
  const started = performance.now();
  let state: EngineState = startEngine(run.seed ?? 0, {
    topK: design.exposure?.topK ?? 1,
    maxExposureRate: design.exposure?.maxExposureRate ?? null,
    selection: SELECTION,
    minItems: design.targetSE > 0 ? 0 : design.maxItems,
    maxItems: design.maxItems,
    targetSE: design.targetSE,
  });
  for (;;) {
    const stepStart = performance.now();
    let question: AdaptiveItem | undefined;
    if (design.adaptive) {
      const step = nextEngineStep(state, engineBank);
      question = "question" in step ? step.question : undefined;
    } else {
      const stop = placementStopReason(state.config, {
        itemsGiven: state.answers.length,
        se: state.se,
        bankSize: form.length,
      });
      question = stop ? undefined : form[state.answers.length];
    }
    if (!question) break;
    const score = answers[columnOf(bank, question.id)]!;
    state = updateEngine(state, {
      questionId: question.id,
      score,
      params: question.params,
    });
    stepTimes?.push(performance.now() - stepStart);
  }
  return {
    simulee,
    estimate: state.theta,
    se: state.se,
    items: state.answers.map((answer) => answer.questionId),
    responses: state.answers.map((answer) => answer.score),
    ms: performance.now() - started,
  };
}

export type Summary = {
  rmse: number;
  bias: number;
  meanItems: number;
  shareSE30: number;
  msPerSimulee: number;
};

export function summarize(results: readonly SimuleeResult[]): Summary {
  const n = results.length;
  let squared = 0;
  let error = 0;
  let items = 0;
  let precise = 0;
  let ms = 0;
  for (const result of results) {
    const difference = result.estimate - result.simulee.theta;
    squared += difference * difference;
    error += difference;
    items += result.items.length;
    if (result.se <= 0.3) precise++;
    ms += result.ms;
  }
  return {
    rmse: Math.sqrt(squared / n),
    bias: error / n,
    meanItems: items / n,
    shareSE30: precise / n,
    msPerSimulee: ms / n,
  };
}

/**
 * Every simulee in file order. With exposure control, each sees the counts of the simulees before
 * it (the whole bank offered to each, as a live test's pool is), and each seeds its own attempt.
 */
export function runDesign(inputs: Inputs, design: Design, stepTimes?: number[]): SimuleeResult[] {
  const poolIds = inputs.bank.items.map((item) => item.id);
  let counts: Record<string, ExposureCounts> = {};
  return inputs.simulees.map((simulee, row) => {
    const answers = inputs.responses[row];
    if (!answers) throw new Error(`No response row for simulee ${simulee.id}`);
    const run: SimuleeRun = { bank: inputs.bank, design, form: inputs.form, stepTimes };
    if (!design.exposure) return runSimulee(simulee, answers, run);
    const engineBank = { items: inputs.bank.items.map((item) => ({ ...item, exposure: counts[item.id] })) };
    const result = runSimulee(simulee, answers, { ...run, engineBank, seed: row + 1 });
    counts = recordExposure(counts, poolIds, result.items);
    return result;
  });
}

export type ExposureFigures = {
  max: number;
  p50: number;
  p90: number;
  /** Share of the pool no simulee was given. */
  neverUsed: number;
  /** Share of the pool given to more than a quarter of the simulees. */
  aboveQuarter: number;
};

/** The items' exposure rates over a design's simulees, each offered the whole pool. */
export function exposureFigures(results: readonly SimuleeResult[], poolIds: readonly string[]): ExposureFigures {
  let counts: Record<string, ExposureCounts> = {};
  for (const result of results) counts = recordExposure(counts, poolIds, result.items);
  const rates = poolIds.map((id) => exposureRate(counts[id] ?? { offered: 0, served: 0 })).sort((x, y) => x - y);
  const quantile = (q: number) => rates[Math.min(rates.length - 1, Math.ceil(q * rates.length) - 1)] ?? 0;
  const share = (test: (rate: number) => boolean) => rates.filter(test).length / rates.length;
  return { max: quantile(1), p50: quantile(0.5), p90: quantile(0.9), neverUsed: share((rate) => rate === 0), aboveQuarter: share((rate) => rate > 0.25) };
}

export function toCsv(results: readonly SimuleeResult[]): string {
  const lines = ["simulee_id,true_theta,est_theta,se,n_items,items,responses"];
  for (const r of results) {
    lines.push([r.simulee.id, r.simulee.theta, r.estimate.toFixed(6), r.se.toFixed(6), r.items.length, r.items.join(";"), r.responses.join("")].join(","));
  }
  return lines.join("\n") + "\n";
}

export function median(values: number[]): number {
  const sorted = values.slice().sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Labels-only design: the engine sees only the 60 items' labels (LABEL_PRIORS).
 * Simulees 0–499 take a 10-item CAT while every answer updates the item online; then the
 * parameters are frozen and simulees 500–999 take the design's test; results are theirs.
 */
export const LABELS_TEST_FROM = 500;
const LABELS_TRAINING_LENGTH = 10;

export function runLabelsOnly(inputs: LabelsOnlyInputs, design: Design): SimuleeResult[] {
  const parameters = new Map<string, CalibratedItem>(inputs.labelled.map(({ id, label }) => [id, uncalibratedItem(label)]));
  const currentBank = (): Bank => ({
    items: inputs.labelled.map(({ id }) => ({ id, params: parameters.get(id)! })),
  });
  const answersOf = (row: number) => inputs.responses[row]!;

  // Training: a 10-item CAT per simulee, each answer updating its item at the estimate before it.
  for (let row = 0; row < LABELS_TEST_FROM && row < inputs.simulees.length; row++) {
    let state = startEngine(0, {
      topK: 1,
      maxExposureRate: null,
      minItems: 0,
      maxItems: LABELS_TRAINING_LENGTH,
      targetSE: -1,
    });
    for (let step = nextEngineStep(state, currentBank()); "question" in step; step = nextEngineStep(state, currentBank())) {
      const { id } = step.question;
      const score = answersOf(row)[columnOf(inputs.bank, id)]!;
      parameters.set(
        id,
        // The online update uses the estimate the item was chosen at, before its own answer.
        updateItemOnline(parameters.get(id)!, { theta: state.theta, se: state.se }, score),
      );
      state = updateEngine(state, { questionId: id, score, params: parameters.get(id)! });
    }
  }
  // Test: parameters frozen, the engine's usual protocol.
  const frozen = currentBank();
  const results: SimuleeResult[] = [];
  for (let row = LABELS_TEST_FROM; row < inputs.simulees.length; row++) {
    const simulee = inputs.simulees[row]!;
    results.push(runSimulee(simulee, answersOf(row), { bank: inputs.bank, design, form: [], engineBank: frozen }));
  }
  return results;
}
