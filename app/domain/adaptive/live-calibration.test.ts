import { describe, expect, it } from "vitest";

import type { Difficulty } from "~/domain/questions/question-types";

import { normalDraw, seededRandom } from "../../../tests/support/simulated-answers";
import { addResponse, initialLogPosterior, summarizePosterior } from "./ability";
import { type CalibratedItem, uncalibratedItem, updateItemOnline } from "./calibration";
import { type ItemParameters, LABEL_PRIORS, probabilityCorrect } from "./item-model";
import {
  applySessionToItems,
  CALIBRATION_USES,
  type CalibrationAnswer,
  calibrationUse,
  MIN_RECALIBRATION_SESSIONS,
  recalibrate,
  RESPONSES_BEFORE_CALIBRATED,
  sessionParameters,
} from "./live-calibration";

const answer = (questionId: string, score: number, rapidGuess = false): CalibrationAnswer => ({ questionId, score, rapidGuess });

describe("sessionParameters", () => {
  it("keeps the label's prior until the item rests on enough answers", () => {
    expect(sessionParameters("hard", undefined)).toEqual(LABEL_PRIORS.hard);
    const learning: CalibratedItem = { a: 1.7, b: 0.4, responses: RESPONSES_BEFORE_CALIBRATED - 1 };
    expect(sessionParameters("hard", learning)).toEqual(LABEL_PRIORS.hard);
    expect(sessionParameters("hard", { ...learning, responses: RESPONSES_BEFORE_CALIBRATED })).toEqual({ a: 1.7, b: 0.4 });
  });
});

describe("calibrationUse", () => {
  it("uses only standard sessions with enough effortful answers", () => {
    expect(calibrationUse({ nonStandard: false, effort: 1, answers: 12 })).toBe("used");
    expect(calibrationUse({ nonStandard: false, effort: 0.9, answers: 20 })).toBe("used");
    expect(calibrationUse({ nonStandard: false, effort: 0.85, answers: 20 })).toBe("low_effort");
    expect(calibrationUse({ nonStandard: true, effort: 1, answers: 20 })).toBe("non_standard");
    expect(calibrationUse({ nonStandard: false, effort: 1, answers: 4 })).toBe("too_few_answers");
    expect(calibrationUse({ nonStandard: false, effort: null, answers: 0 })).toBe("too_few_answers");
  });

  it("answers only with the listed uses", () => {
    const uses = new Set<string>();
    for (const nonStandard of [false, true]) {
      for (const effort of [null, 0, 0.5, 0.89, 0.9, 1]) {
        for (const answers of [0, 1, 4, 5, 40]) uses.add(calibrationUse({ nonStandard, effort, answers }));
      }
    }
    expect([...uses].sort()).toEqual([...CALIBRATION_USES].sort());
  });

  it("puts a non-standard session first, whatever its effort", () => {
    expect(calibrationUse({ nonStandard: true, effort: 0.2, answers: 2 })).toBe("non_standard");
  });
});

const LABELS = new Map<string, Difficulty>([
  ["q1", "medium"],
  ["q2", "easy"],
  ["q3", "hard"],
  ["q4", "medium"],
]);

describe("applySessionToItems", () => {
  it("returns only the answered items, starting unknown ones from their label", () => {
    const changed = applySessionToItems(new Map(), LABELS, [answer("q1", 1), answer("q3", 0)]);
    expect([...changed.keys()]).toEqual(["q1", "q3"]);
    expect(changed.get("q1")!.responses).toBe(1);
    expect(changed.get("q1")!.b).toBeLessThan(LABEL_PRIORS.medium.b);
    expect(changed.get("q3")!.b).toBeGreaterThan(LABEL_PRIORS.hard.b);
  });

  it("compares each answer with the student's estimate from the session's other answers", () => {
    const state = new Map<string, CalibratedItem>([["q2", { a: 1.4, b: -0.5, responses: 60 }]]);
    const changed = applySessionToItems(state, LABELS, [answer("q1", 1), answer("q2", 0), answer("q3", 1)]);
    // q1's ability comes from q2 (calibrated: its own a and b) and q3 (its label's prior).
    let others = addResponse(initialLogPosterior(), { item: { a: 1.4, b: -0.5 }, score: 0 });
    others = addResponse(others, { item: LABEL_PRIORS.hard, score: 1 });
    expect(changed.get("q1")).toEqual(updateItemOnline(uncalibratedItem("medium"), summarizePosterior(others), 1));
    expect(changed.get("q2")!.responses).toBe(61);
  });

  it("can compare with the estimate before the answer, or the final one", () => {
    const answers = [answer("q1", 1), answer("q3", 0)];
    const before = applySessionToItems(new Map(), LABELS, answers, { ability: "before_answer" });
    expect(before.get("q1")).toEqual(updateItemOnline(uncalibratedItem("medium"), summarizePosterior(initialLogPosterior()), 1));
    const final = applySessionToItems(new Map(), LABELS, answers, { ability: "final" });
    let all = addResponse(initialLogPosterior(), { item: LABEL_PRIORS.medium, score: 1 });
    all = addResponse(all, { item: LABEL_PRIORS.hard, score: 0 });
    expect(final.get("q1")).toEqual(updateItemOnline(uncalibratedItem("medium"), summarizePosterior(all), 1));
  });

  it("leaves rapid guesses out of the items and of the student's estimate", () => {
    const state = new Map<string, CalibratedItem>([["q4", { a: 1, b: 0.2, responses: 30 }]]);
    const withGuess = applySessionToItems(state, LABELS, [answer("q1", 1), answer("q4", 0, true), answer("q2", 1)]);
    const withoutGuess = applySessionToItems(state, LABELS, [answer("q1", 1), answer("q2", 1)]);
    expect(withGuess.has("q4")).toBe(false);
    expect(withGuess).toEqual(withoutGuess);
  });

  it("ignores answers to questions without a label", () => {
    const changed = applySessionToItems(new Map(), LABELS, [answer("q1", 1), answer("elsewhere", 0)]);
    expect(changed).toEqual(applySessionToItems(new Map(), LABELS, [answer("q1", 1)]));
  });
});

/** Items with known parameters and sessions where every student answers every item. */
function simulate(truth: Record<string, ItemParameters>, students: number, populationMean: number, seed: number) {
  const random = seededRandom(seed);
  return Array.from({ length: students }, () => {
    const theta = populationMean + normalDraw(random);
    return Object.entries(truth).map(([id, item]) => answer(id, random() < probabilityCorrect(theta, item) ? 1 : 0));
  });
}

const TRUTH: Record<string, ItemParameters> = Object.fromEntries(
  [-1.6, -1.2, -0.9, -0.6, -0.3, -0.1, 0.1, 0.3, 0.5, 0.8, 1.0, 1.3, 1.6, -0.4, 0.6].map((b, index) => [`t${index}`, { a: 1 + (index % 3) * 0.3, b }]),
);
const TRUTH_LABELS = new Map<string, Difficulty>(Object.entries(TRUTH).map(([id, { b }]) => [id, b < -0.43 ? "easy" : b > 0.43 ? "hard" : "medium"]));
/** The current scale: every item already calibrated at its true parameters. */
const CALIBRATED = new Map<string, CalibratedItem>(Object.entries(TRUTH).map(([id, { a, b }]) => [id, { a, b, responses: 400 }]));

function bRmse(items: ReadonlyMap<string, CalibratedItem>) {
  const ids = [...items.keys()];
  return Math.sqrt(ids.reduce((sum, id) => sum + (items.get(id)!.b - TRUTH[id]!.b) ** 2, 0) / ids.length);
}

describe("recalibrate", () => {
  it("skips a run with too few sessions and changes nothing", () => {
    const run = recalibrate({ items: CALIBRATED, labels: TRUTH_LABELS, sessions: simulate(TRUTH, MIN_RECALIBRATION_SESSIONS - 1, 0, 1) });
    expect(run).toMatchObject({ outcome: "skipped", anchors: 0, link: null });
    expect(run.items.size).toBe(0);
  });

  it("sets the base scale when no item is calibrated yet", () => {
    const run = recalibrate({ items: new Map(), labels: TRUTH_LABELS, sessions: simulate(TRUTH, 400, 0, 2) });
    expect(run.outcome).toBe("base_scale");
    expect(run.link).toBeNull();
    expect(run.items.size).toBe(Object.keys(TRUTH).length);
    expect(run.items.get("t0")!.responses).toBe(400);
    expect(run).toMatchObject({ sessions: 400, answers: 400 * Object.keys(TRUTH).length });
    expect(bRmse(run.items)).toBeLessThan(0.2);
  });

  it("links an abler population's run back onto the current scale", () => {
    // Spring students, 0.6 abler: an EM that fixes their population at N(0, 1) puts every b 0.6 lower.
    const sessions = simulate(TRUTH, 800, 0.6, 3);
    const fresh = recalibrate({ items: new Map(), labels: TRUTH_LABELS, sessions });
    const meanShift = [...fresh.items].reduce((sum, [id, item]) => sum + item.b - TRUTH[id]!.b, 0) / fresh.items.size;
    expect(meanShift).toBeLessThan(-0.45);

    const run = recalibrate({ items: CALIBRATED, labels: TRUTH_LABELS, sessions });
    expect(run.outcome).toBe("linked");
    expect(run.anchors).toBeGreaterThanOrEqual(12);
    expect(run.link!.intercept).toBeGreaterThan(0.45);
    expect(run.link!.intercept).toBeLessThan(0.75);
    expect(run.link!.slope).toBeGreaterThan(0.85);
    expect(run.link!.slope).toBeLessThan(1.15);
    expect(bRmse(run.items)).toBeLessThan(0.15);
    expect(bRmse(fresh.items)).toBeGreaterThan(0.45);
  });

  it("blends with what the item already knew, counting each answer once", () => {
    const sessions = simulate(TRUTH, 200, 0, 4);
    const wellKnown = new Map(CALIBRATED);
    wellKnown.set("t5", { a: 1.6, b: 0.25, responses: 20_000 });
    const run = recalibrate({ items: wellKnown, labels: TRUTH_LABELS, sessions });
    expect(run.outcome).toBe("linked");
    // 200 of 20,000 answers are new: t5 moves by about 1% of the way to the run's estimate.
    expect(Math.abs(run.items.get("t5")!.b - 0.25)).toBeLessThan(0.02);
    expect(run.items.get("t5")!.responses).toBe(20_000);
    // An item whose 400 answers all predate the run weighs them against the run's 200.
    expect(run.items.get("t0")!.responses).toBe(400);
  });

  it("skips the run when the current scale has too few anchors to link to", () => {
    const fewCalibrated = new Map<string, CalibratedItem>([...CALIBRATED].slice(0, 3));
    const run = recalibrate({ items: fewCalibrated, labels: TRUTH_LABELS, sessions: simulate(TRUTH, 200, 0, 5) });
    expect(run.outcome).toBe("skipped");
    expect(run.items.size).toBe(0);
    expect(run.note).toContain("too few to link");
  });

  it("leaves rapid guesses out of the EM", () => {
    const sessions = simulate(TRUTH, 200, 0, 6).map((session) => [...session, answer("guessed", 0, true)]);
    const labels = new Map([...TRUTH_LABELS, ["guessed", "medium" as const]]);
    const run = recalibrate({ items: new Map(), labels, sessions });
    expect(run.items.has("guessed")).toBe(false);
    expect(run.answers).toBe(200 * Object.keys(TRUTH).length);
  });
});
