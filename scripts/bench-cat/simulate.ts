/** Running the benchmark's designs through the engine (bench-cat.ts). */
import { performance } from "node:perf_hooks";

import { type CalibratedItem, uncalibratedItem, updateItemOnline } from "../../app/domain/adaptive/calibration";
import { type EngineConfig, type EngineState, nextEngineStep, startEngine, updateEngine } from "../../app/domain/adaptive/engine";
import type { AdaptiveItem } from "../../app/domain/adaptive/selection";
import { placementStopReason } from "../../app/domain/adaptive/stopping";
import { type Bank, columnOf, type Design, type Inputs, type LabelsOnlyInputs, type Simulee, type SimuleeResult } from "./inputs";

/** BENCH_CAT_SELECTION=expected_variance compares the look-ahead rule (engine.ts). */
const SELECTION: EngineConfig["selection"] = process.env.BENCH_CAT_SELECTION === "expected_variance" ? "expected_variance" : "max_information";

/**
 * Runs one simulee. The fixed form shares the engine's estimation and stopping rule; only the
 * choice differs (the form's next item instead of `next`'s).
 */
function runSimulee(
  simulee: Simulee,
  answers: Uint8Array,
  bank: Bank,
  design: Design,
  form: readonly AdaptiveItem[],
  stepTimes?: number[],
  /** The items and parameters the engine sees, when not the true bank (labels-only design). */
  engineBank: Bank = bank,
): SimuleeResult {
  const started = performance.now();
  let state: EngineState = startEngine(0, {
    topK: 1,
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

export function runDesign(inputs: Inputs, design: Design, stepTimes?: number[]): SimuleeResult[] {
  return inputs.simulees.map((simulee, row) => {
    const answers = inputs.responses[row];
    if (!answers) throw new Error(`No response row for simulee ${simulee.id}`);
    return runSimulee(simulee, answers, inputs.bank, design, inputs.form, stepTimes);
  });
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
    results.push(runSimulee(simulee, answersOf(row), inputs.bank, design, [], undefined, frozen));
  }
  return results;
}
