/** Reading the benchmark's frozen inputs (bench-cat.ts). */
import { readFileSync } from "node:fs";

import { DEFAULT_ENGINE_CONFIG } from "../../app/domain/adaptive/engine";
import type { AdaptiveBank, AdaptiveItem } from "../../app/domain/adaptive/selection";
import type { Difficulty } from "../../app/domain/questions/question-types";

export type Bank = AdaptiveBank;

export type Simulee = { id: string; theta: number };
export type Design = {
  name: string;
  adaptive: boolean;
  maxItems: number;
  targetSE: number;
  /**
   * The live exposure control (randomesque k and the maximum exposure rate of
   * DEFAULT_ENGINE_CONFIG), with counts accumulating over the simulees in file order as they
   * would over a district's completed sessions; null: k = 1 and no cap, the peers' protocol.
   */
  exposure: { topK: number; maxExposureRate: number | null } | null;
};
export type SimuleeResult = {
  simulee: Simulee;
  estimate: number;
  se: number;
  items: string[];
  responses: number[];
  ms: number;
};

function readCsv(path: string): string[][] {
  const lines = readFileSync(path, "utf8").trim().split(/\r?\n/);
  return lines.map((line) => line.split(","));
}

function readBank(path: string): Bank {
  const [header, ...rows] = readCsv(path);
  const column = (name: string) => header!.indexOf(name);
  return {
    items: rows.map((row) => ({
      id: row[column("item_id")]!,
      params: { a: Number(row[column("a")]), b: Number(row[column("b")]) },
    })),
  };
}

function readSimulees(path: string): Simulee[] {
  return readCsv(path)
    .slice(1)
    .map(([id, theta]) => ({ id: id!, theta: Number(theta) }));
}

/** Rows of 0/1, one per simulee, one column per item (in bank order). */
function readResponses(path: string): Uint8Array[] {
  return readCsv(path).map((row) => Uint8Array.from(row.map(Number)));
}

function readForm(path: string): string[] {
  return readCsv(path)
    .slice(1)
    .map(([, itemId]) => itemId!);
}

/**
 * cat_L10, lin_L20, cat_se30, lin_se30: adaptive or fixed form; fixed length or SE < 0.30.
 * An adaptive design ending in _exposure (cat_L20_exposure) runs with the live exposure control.
 */
export function parseDesign(name: string): Design {
  const match = /^(cat|lin)_(L(\d+)|se30)(_exposure)?$/.exec(name);
  if (!match || (match[4] && match[1] !== "cat")) throw new Error(`Unknown design ${name} (cat_L10, lin_L20, cat_se30, lin_se30, cat_L20_exposure...)`);
  const adaptive = match[1] === "cat";
  const exposure = match[4] ? { topK: DEFAULT_ENGINE_CONFIG.topK, maxExposureRate: DEFAULT_ENGINE_CONFIG.maxExposureRate } : null;
  const length = match[3] ? { maxItems: Number(match[3]), targetSE: -1 } : { maxItems: 60, targetSE: 0.3 };
  return { name, adaptive, ...length, exposure };
}

const columnCache = new WeakMap<Bank, Map<string, number>>();
export function columnOf(bank: Bank, itemId: string): number {
  let columns = columnCache.get(bank);
  if (!columns) {
    columns = new Map(bank.items.map((item, index) => [item.id, index]));
    columnCache.set(bank, columns);
  }
  return columns.get(itemId)!;
}

export type Inputs = {
  bank: Bank;
  responses: Uint8Array[];
  simulees: Simulee[];
  form: AdaptiveItem[];
};

export function loadInputs(paths: { bank: string; responses: string; simulees: string; form?: string }): Inputs {
  const bank = readBank(paths.bank);
  const byId = new Map(bank.items.map((item) => [item.id, item]));
  const form = paths.form
    ? readForm(paths.form).map((id) => {
        const item = byId.get(id);
        if (!item) throw new Error(`Form item ${id} is not in the bank`);
        return item;
      })
    : bank.items.slice();
  return {
    bank,
    responses: readResponses(paths.responses),
    simulees: readSimulees(paths.simulees),
    form,
  };
}

export type LabelsOnlyInputs = Omit<Inputs, "form"> & {
  labelled: { id: string; label: Difficulty }[];
};

export function loadLabelsOnlyInputs(paths: { bank: string; responses: string; simulees: string }, labelsPath: string): LabelsOnlyInputs {
  const labelled = readCsv(labelsPath)
    .slice(1)
    .map(([id, label]) => {
      if (label !== "easy" && label !== "medium" && label !== "hard") {
        throw new Error(`Item ${id}: label ${label} is not easy, medium or hard`);
      }
      return { id: id!, label: label as Difficulty };
    });
  const { bank, responses, simulees } = loadInputs(paths);
  return { bank, responses, simulees, labelled };
}
