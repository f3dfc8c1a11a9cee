import type { Difficulty } from "~/domain/questions/question-types";

import { type CalibratedItem, clampA, clampB, uncalibratedItem } from "./calibration";
import { LABEL_PRIORS } from "./item-model";

/**
 * Batch recalibration of a test's items: marginal maximum likelihood by EM (Bock & Aitkin,
 * 1981) with abilities integrated over an N(0, 1) population on a quadrature grid, and priors
 * from the labels (b ~ N(label's b, 1), log a ~ N(0, 0.5²)), so the M-step finds the posterior
 * mode (Mislevy, 1986). The fixed N(0, 1) population fixes the scale, and the priors keep items
 * with few answers near their labels and every estimate finite.
 */

/** One scored answer: score in [0, 1] (an AI grade enters as its fraction). */
export type StudentResponse = { studentId: string; itemId: string; score: number };

type BatchCalibrationSettings = {
  /** Points of the ability grid on [−gridLimit, gridLimit]. */
  quadraturePoints: number;
  gridLimit: number;
  maxCycles: number;
  /** EM stops once no a or b moves by more than this in a cycle. */
  tolerance: number;
  bPriorSd: number;
  logAPriorSd: number;
};

export const BATCH_CALIBRATION_DEFAULTS: BatchCalibrationSettings = {
  quadraturePoints: 21,
  gridLimit: 4,
  maxCycles: 200,
  tolerance: 1e-3,
  bPriorSd: 1,
  logAPriorSd: 0.5,
};

type BatchCalibrationResult = {
  /** Every labelled item; `responses` counts its answers in this batch. */
  items: Record<string, CalibratedItem>;
  cycles: number;
  converged: boolean;
};

/** log σ(z), without overflow for large |z|. */
function logSigmoid(z: number): number {
  return z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z));
}

/** The answers regrouped per student (compressed rows), keeping only labelled items. */
function indexResponses(responses: readonly StudentResponse[], itemIndex: Map<string, number>) {
  const byStudent = new Map<string, number[]>();
  responses.forEach((response, position) => {
    if (!itemIndex.has(response.itemId)) return;
    if (!(response.score >= 0 && response.score <= 1)) {
      throw new RangeError(`score must be in [0, 1], got ${response.score} (item ${response.itemId})`);
    }
    const rows = byStudent.get(response.studentId);
    if (rows) rows.push(position);
    else byStudent.set(response.studentId, [position]);
  });
  const total = [...byStudent.values()].reduce((sum, rows) => sum + rows.length, 0);
  const studentStart = new Int32Array(byStudent.size + 1);
  const item = new Int32Array(total);
  const score = new Float64Array(total);
  let cursor = 0;
  let student = 0;
  for (const rows of byStudent.values()) {
    studentStart[student] = cursor;
    for (const position of rows) {
      const response = responses[position]!;
      item[cursor] = itemIndex.get(response.itemId)!;
      score[cursor] = response.score;
      cursor += 1;
    }
    student += 1;
  }
  studentStart[byStudent.size] = cursor;
  return { studentCount: byStudent.size, studentStart, item, score };
}

/**
 * Recalibrate every item of `labels` from `responses`. Answers to items without a label are
 * ignored; items nobody answered come back as their label prior.
 */
export function recalibrateItems(
  responses: readonly StudentResponse[],
  labels: Readonly<Record<string, Difficulty>>,
  settings = BATCH_CALIBRATION_DEFAULTS,
): BatchCalibrationResult {
  const itemIds = Object.keys(labels);
  const itemIndex = new Map(itemIds.map((id, index) => [id, index]));
  const data = indexResponses(responses, itemIndex);
  const J = itemIds.length;
  const Q = settings.quadraturePoints;

  const grid = Float64Array.from({ length: Q }, (_, q) => -settings.gridLimit + (2 * settings.gridLimit * q) / (Q - 1));
  // log N(0, 1) weights up to a constant: the constant cancels when each posterior is normalized.
  const logPopulation = grid.map((theta) => -0.5 * theta * theta);

  const priorB = itemIds.map((id) => LABEL_PRIORS[labels[id]!].b);
  const priorLogA = itemIds.map((id) => Math.log(LABEL_PRIORS[labels[id]!].a));
  const a = Float64Array.from(itemIds, (id) => LABEL_PRIORS[labels[id]!].a);
  const b = Float64Array.from(priorB);
  const answerCount = new Int32Array(J);
  for (const index of data.item) answerCount[index]! += 1;

  const logP = new Float64Array(J * Q);
  const logQ = new Float64Array(J * Q);
  const expectedAnswers = new Float64Array(J * Q);
  const expectedScore = new Float64Array(J * Q);
  const posterior = new Float64Array(Q);

  let cycles = 0;
  let converged = data.item.length === 0;
  while (!converged && cycles < settings.maxCycles) {
    cycles += 1;
    for (let j = 0; j < J; j += 1) {
      for (let q = 0; q < Q; q += 1) {
        const z = a[j]! * (grid[q]! - b[j]!);
        logP[j * Q + q] = logSigmoid(z);
        logQ[j * Q + q] = logSigmoid(-z);
      }
    }

    // E-step: each student's posterior over the grid, spread over the items they answered.
    expectedAnswers.fill(0);
    expectedScore.fill(0);
    for (let s = 0; s < data.studentCount; s += 1) {
      const from = data.studentStart[s]!;
      const to = data.studentStart[s + 1]!;
      posterior.set(logPopulation);
      for (let r = from; r < to; r += 1) {
        const row = data.item[r]! * Q;
        const y = data.score[r]!;
        // Most answers score 0 or 1: read one curve instead of blending two.
        if (y === 1) for (let q = 0; q < Q; q += 1) posterior[q]! += logP[row + q]!;
        else if (y === 0) for (let q = 0; q < Q; q += 1) posterior[q]! += logQ[row + q]!;
        else for (let q = 0; q < Q; q += 1) posterior[q]! += y * logP[row + q]! + (1 - y) * logQ[row + q]!;
      }
      let peak = -Infinity;
      for (let q = 0; q < Q; q += 1) peak = Math.max(peak, posterior[q]!);
      let total = 0;
      for (let q = 0; q < Q; q += 1) {
        posterior[q] = Math.exp(posterior[q]! - peak);
        total += posterior[q]!;
      }
      for (let q = 0; q < Q; q += 1) posterior[q]! /= total;
      for (let r = from; r < to; r += 1) {
        const row = data.item[r]! * Q;
        const y = data.score[r]!;
        for (let q = 0; q < Q; q += 1) expectedAnswers[row + q]! += posterior[q]!;
        if (y !== 0) for (let q = 0; q < Q; q += 1) expectedScore[row + q]! += y * posterior[q]!;
      }
    }

    // M-step: each item's posterior mode given the expected counts.
    let largestChange = 0;
    for (let j = 0; j < J; j += 1) {
      if (answerCount[j] === 0) continue;
      const next = maximizeItem(j * Q, a[j]!, b[j]!, priorLogA[j]!, priorB[j]!);
      largestChange = Math.max(largestChange, Math.abs(next.a - a[j]!), Math.abs(next.b - b[j]!));
      a[j] = next.a;
      b[j] = next.b;
    }
    converged = largestChange < settings.tolerance;
  }

  /**
   * Fisher scoring in (log a, b) on the expected complete-data log-posterior. Working in log a
   * matches the prior and keeps a positive; the prior precisions keep the information matrix
   * positive definite, so every step is a solvable 2×2 system.
   */
  function maximizeItem(row: number, startA: number, startB: number, meanLogA: number, meanB: number) {
    const precisionLogA = 1 / settings.logAPriorSd ** 2;
    const precisionB = 1 / settings.bPriorSd ** 2;
    let logA = Math.log(startA);
    let itemB = startB;
    for (let iteration = 0; iteration < 10; iteration += 1) {
      const itemA = Math.exp(logA);
      let gradLogA = -precisionLogA * (logA - meanLogA);
      let gradB = -precisionB * (itemB - meanB);
      let infoLogA = precisionLogA;
      let infoB = precisionB;
      let infoCross = 0;
      for (let q = 0; q < Q; q += 1) {
        const n = expectedAnswers[row + q]!;
        if (n === 0) continue;
        const z = itemA * (grid[q]! - itemB);
        const p = 1 / (1 + Math.exp(-z));
        const residual = expectedScore[row + q]! - n * p;
        const weight = n * p * (1 - p);
        // ∂z/∂log a = z, ∂z/∂b = −a.
        gradLogA += residual * z;
        gradB -= residual * itemA;
        infoLogA += weight * z * z;
        infoB += weight * itemA * itemA;
        infoCross -= weight * z * itemA;
      }
      const determinant = infoLogA * infoB - infoCross * infoCross;
      // Steps of at most 1 (in b and in log a) stop an early, far-off step from overshooting.
      const stepLogA = limit((infoB * gradLogA - infoCross * gradB) / determinant);
      const stepB = limit((infoLogA * gradB - infoCross * gradLogA) / determinant);
      logA = Math.log(clampA(Math.exp(logA + stepLogA)));
      itemB = clampB(itemB + stepB);
      if (Math.abs(stepLogA) < 1e-6 && Math.abs(stepB) < 1e-6) break;
    }
    return { a: Math.exp(logA), b: itemB };
  }

  const items: Record<string, CalibratedItem> = {};
  itemIds.forEach((id, j) => {
    items[id] = answerCount[j] === 0 ? uncalibratedItem(labels[id]!) : { a: a[j]!, b: b[j]!, responses: answerCount[j]! };
  });
  return { items, cycles, converged };
}

function limit(step: number): number {
  return Math.max(-1, Math.min(1, step));
}
