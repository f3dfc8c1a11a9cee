/**
 * The simulated district of bench-calibration-live.ts: students who take tests through the live
 * engine with the blueprint's parameters, and the calibrator's path after each session and at
 * each recalibration, all through the functions the live path calls.
 */
import { readFileSync } from "node:fs";

import type { CalibratedItem } from "../../app/domain/adaptive/calibration";
import { nextEngineStep, startEngine, updateEngine } from "../../app/domain/adaptive/engine";
import { type ItemParameters, probabilityCorrect } from "../../app/domain/adaptive/item-model";
import { applySessionToItems, type CalibrationAnswer, calibrationUse, recalibrate, sessionParameters } from "../../app/domain/adaptive/live-calibration";
import { mulberry32 } from "../../app/domain/adaptive/random";
import { scaleOfTheta } from "../../app/domain/adaptive/scale";
import type { AdaptiveBank } from "../../app/domain/adaptive/selection";
import type { Difficulty } from "../../app/domain/questions/question-types";

export type BenchItem = { id: string; label: Difficulty; truth: ItemParameters };

function readCsv(path: string): Record<string, string>[] {
  const [header, ...rows] = readFileSync(path, "utf8").trim().split(/\r?\n/);
  const names = header!.split(",");
  return rows.map((row) => Object.fromEntries(row.split(",").map((cell, index) => [names[index]!, cell])));
}

/** The labelled items, with their true parameters from the bank file (items without a label are left out). */
export function loadItems(bankPath: string, labelsPath: string): BenchItem[] {
  const truth = new Map(readCsv(bankPath).map((row) => [row.item_id!, { a: Number(row.a), b: Number(row.b) }]));
  return readCsv(labelsPath).map(({ item_id: id, label }) => {
    if (label !== "easy" && label !== "medium" && label !== "hard") throw new Error(`Item ${id}: label ${label} is not easy, medium or hard`);
    const parameters = truth.get(id!);
    if (!parameters) throw new Error(`Item ${id} is labelled but not in the bank`);
    return { id: id!, label, truth: parameters };
  });
}

/** A uniform draw fixed by its keys, so an answer never depends on the order anything ran in. */
let benchSeed = 0;
export function setSeed(seed: number) {
  benchSeed = seed;
}
function uniform(...keys: number[]): number {
  let hash = (0x811c9dc5 ^ benchSeed) >>> 0;
  for (const key of keys) hash = Math.imul(hash ^ (key >>> 0), 0x01000193) >>> 0;
  return mulberry32(hash)();
}

function normal(...keys: number[]): number {
  return Math.sqrt(-2 * Math.log(1 - uniform(...keys, 1))) * Math.cos(2 * Math.PI * uniform(...keys, 2));
}

type Student = { key: number; theta: number; rapidRate: number };

/** Random answers given in a second or two: right one time in four (four answer choices). */
const RAPID_GUESS_SUCCESS = 0.25;

/** The answer a student gives to an item: from the true 2PL, or a rapid guess. */
function answer(student: Student, itemIndex: number, item: BenchItem): { score: number; rapidGuess: boolean } {
  const rapidGuess = uniform(student.key, itemIndex, 1) < student.rapidRate;
  const chance = rapidGuess ? RAPID_GUESS_SUCCESS : probabilityCorrect(student.theta, item.truth);
  return { score: uniform(student.key, itemIndex, 2) < chance ? 1 : 0, rapidGuess };
}

export type Population = {
  sessions: number;
  recalibrateEvery: number;
  /** Share of students who are not trying (half their answers rapid guesses), and everyone else's rate. */
  disengagedShare: number;
  disengagedRapidRate: number;
  engagedRapidRate: number;
};

/** Fall, winter, spring: the windows' population means, as a year's growth moves them. */
const SEASON_MEANS = [0, 0.3, 0.6];

export function seasonMean(session: number, population: Population): number {
  const windows = Math.ceil(population.sessions / population.recalibrateEvery);
  const window = Math.floor(session / population.recalibrateEvery);
  return SEASON_MEANS[Math.min(SEASON_MEANS.length - 1, Math.floor((window * SEASON_MEANS.length) / windows))]!;
}

function calibrationStudent(session: number, population: Population): Student {
  const key = 1_000_000 + session;
  const disengaged = uniform(key, 3) < population.disengagedShare;
  return {
    key,
    theta: seasonMean(session, population) + normal(key, 4),
    rapidRate: disengaged ? population.disengagedRapidRate : population.engagedRapidRate,
  };
}

/** The fixed evaluation population: N(0, 1), always effortful, never a calibration student. */
export function evaluationPopulation(size: number): Student[] {
  return Array.from({ length: size }, (_, index) => ({ key: 5_000_000 + index, theta: normal(5_000_000 + index, 4), rapidRate: 0 }));
}

function bankOf(items: readonly BenchItem[], parameters: (item: BenchItem) => ItemParameters): AdaptiveBank {
  return { items: items.map((item) => ({ id: item.id, params: parameters(item) })) };
}

/** One test through the live engine; `config` overrides the live DEFAULT_ENGINE_CONFIG. */
function takeTest(student: Student, items: readonly BenchItem[], bank: AdaptiveBank, config: Parameters<typeof startEngine>[1] = {}) {
  const indexOf = new Map(items.map((item, index) => [item.id, index]));
  let state = startEngine(student.key, config);
  const answers: CalibrationAnswer[] = [];
  const thetaAfter: number[] = [];
  for (let step = nextEngineStep(state, bank); "question" in step; step = nextEngineStep(state, bank)) {
    const { id, params } = step.question;
    const index = indexOf.get(id)!;
    const given = answer(student, index, items[index]!);
    answers.push({ questionId: id, ...given });
    state = updateEngine(state, { questionId: id, score: given.score, params });
    thetaAfter.push(state.theta);
  }
  return { answers, thetaAfter };
}

export type Evaluation = { rmse10: number; rmse20: number; meanScaleScore: number };

/** The evaluation population's fixed 20-item tests with the parameters frozen, scored at 10 and 20 items. */
export function evaluate(items: readonly BenchItem[], students: readonly Student[], parameters: (item: BenchItem) => ItemParameters): Evaluation {
  const bank = bankOf(items, parameters);
  let squared10 = 0;
  let squared20 = 0;
  let sum20 = 0;
  for (const student of students) {
    const { thetaAfter } = takeTest(student, items, bank, { minItems: 20, maxItems: 20, targetSE: -1 });
    const at10 = thetaAfter[Math.min(9, thetaAfter.length - 1)]!;
    const at20 = thetaAfter[thetaAfter.length - 1]!;
    squared10 += (at10 - student.theta) ** 2;
    squared20 += (at20 - student.theta) ** 2;
    sum20 += at20;
  }
  const n = students.length;
  return { rmse10: Math.sqrt(squared10 / n), rmse20: Math.sqrt(squared20 / n), meanScaleScore: scaleOfTheta(sum20 / n) };
}

export type Variant = {
  name: string;
  /** "linked": the live path; "unlinked": every run a fresh base scale; "none": online only. */
  recalibration: "linked" | "unlinked" | "none";
  ability: "before_answer" | "final" | "leave_one_out";
  /** Off: rapid guesses are not detected, so every answer and every session counts. */
  flagRapidGuesses: boolean;
};

export type Snapshot = Evaluation & { sessions: number; bRmse: number; aRmse: number; itemsAnswered: number; meanItems: number };
export type RunRecord = Evaluation & { sessions: number; outcome: string; anchors: number; slope: number | null; intercept: number | null; note: string };

function parameterRmse(items: readonly BenchItem[], state: ReadonlyMap<string, CalibratedItem>, key: "a" | "b") {
  const answered = items.filter((item) => (state.get(item.id)?.responses ?? 0) > 0);
  const squared = answered.reduce((sum, item) => sum + (state.get(item.id)![key] - item.truth[key]) ** 2, 0);
  return { rmse: Math.sqrt(squared / Math.max(1, answered.length)), count: answered.length };
}

/** Runs the district's sessions through one variant of the calibrator. */
export function runVariant(
  variant: Variant,
  items: readonly BenchItem[],
  population: Population,
  evaluationStudents: readonly Student[],
  checkpoints: readonly number[],
) {
  const labels = new Map(items.map((item) => [item.id, item.label]));
  const state = new Map<string, CalibratedItem>();
  const frozen = (item: BenchItem) => sessionParameters(item.label, state.get(item.id));
  let window: CalibrationAnswer[][] = [];
  const snapshots: Snapshot[] = [];
  const runs: RunRecord[] = [];
  const used = { sessions: 0, answers: 0, rapidLeftOut: 0 };
  let itemsGiven = 0;

  for (let session = 0; session < population.sessions; session += 1) {
    const student = calibrationStudent(session, population);
    const { answers: given } = takeTest(student, items, bankOf(items, frozen));
    itemsGiven += given.length;
    const answers = variant.flagRapidGuesses ? given : given.map((one) => ({ ...one, rapidGuess: false }));
    const rapid = answers.filter((one) => one.rapidGuess).length;
    const effort = answers.length === 0 ? null : 1 - rapid / answers.length;
    if (calibrationUse({ nonStandard: false, effort, answers: answers.length }) === "used") {
      for (const [id, item] of applySessionToItems(state, labels, answers, { ability: variant.ability })) state.set(id, item);
      window.push(answers);
      used.sessions += 1;
      used.answers += answers.length - rapid;
      used.rapidLeftOut += rapid;
    }

    const done = session + 1;
    if (done % population.recalibrateEvery === 0) {
      // Online only still records the evaluation at the same points, for the same drift figure.
      const run =
        variant.recalibration === "none"
          ? { outcome: "none", items: new Map<string, CalibratedItem>(), anchors: 0, link: null, note: "" }
          : recalibrate({ items: variant.recalibration === "linked" ? state : new Map(), labels, sessions: window });
      for (const [id, item] of run.items) state.set(id, item);
      window = [];
      runs.push({
        sessions: done,
        outcome: run.outcome,
        anchors: run.anchors,
        slope: run.link?.slope ?? null,
        intercept: run.link?.intercept ?? null,
        note: run.note,
        ...evaluate(items, evaluationStudents, frozen),
      });
    }
    if (checkpoints.includes(done)) {
      const b = parameterRmse(items, state, "b");
      const evaluation = runs.at(-1)?.sessions === done ? runs.at(-1)! : evaluate(items, evaluationStudents, frozen);
      snapshots.push({
        sessions: done,
        bRmse: b.rmse,
        itemsAnswered: b.count,
        aRmse: parameterRmse(items, state, "a").rmse,
        meanItems: itemsGiven / done,
        rmse10: evaluation.rmse10,
        rmse20: evaluation.rmse20,
        meanScaleScore: evaluation.meanScaleScore,
      });
    }
  }
  return { snapshots, runs, used };
}
