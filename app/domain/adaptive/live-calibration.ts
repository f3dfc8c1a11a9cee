import type { Difficulty } from "~/domain/questions/question-types";

import { type AbilityEstimate, addResponse, initialLogPosterior, summarizePosterior, THETA_GRID } from "./ability";
import { recalibrateItems, type StudentResponse } from "./batch-calibration";
import { type CalibratedItem, clampA, clampB, uncalibratedItem, updateItemOnline } from "./calibration";
import { LOW_EFFORT_THRESHOLD } from "./effort";
import { type ItemParameters, LABEL_PRIORS } from "./item-model";
import { type Anchor, applyLink, type Link, meanSigmaLink } from "./linking";

/**
 * Items that learn from real answers on a stable scale (ADR 0033). Pure: the item calibrator
 * (the one serialized writer of `question_calibrations`) reads the items, calls these, and writes
 * back what they return; the daily recalibration does the same with `recalibrate`.
 */

/**
 * A question measures students with its label's prior until its parameters rest on this many
 * answers: b from fewer answers has a standard error above about 0.5, no better than the label.
 */
export const RESPONSES_BEFORE_CALIBRATED = 20;

/** The parameters a new session's blueprint gives a question. */
export function sessionParameters(label: Difficulty, calibration: CalibratedItem | undefined): ItemParameters {
  if (!calibration || calibration.responses < RESPONSES_BEFORE_CALIBRATED) return LABEL_PRIORS[label];
  return { a: calibration.a, b: calibration.b };
}

/** What item calibration made of a completed session (`sessions.calibration_use`): the one list its type derives from. */
export const CALIBRATION_USES = ["used", "non_standard", "low_effort", "too_few_answers"] as const;
export type CalibrationUse = (typeof CALIBRATION_USES)[number];

/** The placement rule's minimum length (ADR 0008): fewer answers say too little about the student. */
const MIN_CALIBRATION_ANSWERS = 5;

/**
 * Whether a completed session's answers may tune the items. An accommodation that changes what
 * an item measures (ADR 0032) and a student who was not trying both give answers that are not
 * about the item's difficulty for a standard, effortful student; a session of two answers places
 * the student too loosely to say whether an answer was a surprise.
 */
export function calibrationUse(session: { nonStandard: boolean; effort: number | null; answers: number }): CalibrationUse {
  if (session.nonStandard) return "non_standard";
  if (session.effort === null || session.answers < MIN_CALIBRATION_ANSWERS) return "too_few_answers";
  if (session.effort < LOW_EFFORT_THRESHOLD) return "low_effort";
  return "used";
}

/** One answer of a session, in the order answered; score in [0, 1]. */
export type CalibrationAnswer = { questionId: string; score: number; rapidGuess: boolean };

type ReplaySettings = {
  /**
   * The ability each answer is compared with. All three leave the answer itself out, as
   * `updateItemOnline` requires, except "final":
   * - "before_answer": the estimate the item was chosen at (ADR 0008's online update). Early in a
   *   test it is still close to the prior's mean of 0, so when a whole population is abler than
   *   N(0, 1) (spring after fall) its answers look like easy items and the scale drifts;
   * - "final": the session's last estimate, which includes the answer;
   * - "leave_one_out": the session's estimate from every other answer: as precise as the final
   *   one, without the answer pulling the estimate it is compared with. The default: it measured
   *   best (ADR 0033).
   */
  ability: "before_answer" | "final" | "leave_one_out";
};

export const REPLAY_DEFAULTS: ReplaySettings = { ability: "leave_one_out" };

/**
 * Applies one used session to the items: replays the student's EAP over the answers with the
 * parameters a session would use (`sessionParameters`) and updates each answered item online
 * (`updateItemOnline`). Rapid guesses are left out of both: a guess says nothing about the item,
 * and counting it in the ability would place the student lower, so the items answered with
 * effort would look easier than they are. Returns only the items that changed.
 */
export function applySessionToItems(
  items: ReadonlyMap<string, CalibratedItem>,
  labels: ReadonlyMap<string, Difficulty>,
  answers: readonly CalibrationAnswer[],
  settings: ReplaySettings = REPLAY_DEFAULTS,
): Map<string, CalibratedItem> {
  const effortful = answers.filter((answer) => !answer.rapidGuess && labels.has(answer.questionId));
  const nothing = new Array<number>(THETA_GRID.length).fill(0);
  // Each answer's log-likelihood over the ability grid, with the parameters a session uses.
  const likelihoods = effortful.map((answer) =>
    addResponse(nothing, { item: sessionParameters(labels.get(answer.questionId)!, items.get(answer.questionId)), score: answer.score }),
  );
  const beforeAnswer: AbilityEstimate[] = [];
  let logPosterior = initialLogPosterior();
  for (const likelihood of likelihoods) {
    beforeAnswer.push(summarizePosterior(logPosterior));
    logPosterior = logPosterior.map((value, point) => value + likelihood[point]!);
  }
  const final = summarizePosterior(logPosterior);
  const abilityFor = (index: number): AbilityEstimate => {
    if (settings.ability === "before_answer") return beforeAnswer[index]!;
    if (settings.ability === "final") return final;
    return summarizePosterior(logPosterior.map((value, point) => value - likelihoods[index]![point]!));
  };

  const changed = new Map<string, CalibratedItem>();
  effortful.forEach((answer, index) => {
    const item = changed.get(answer.questionId) ?? items.get(answer.questionId) ?? uncalibratedItem(labels.get(answer.questionId)!);
    changed.set(answer.questionId, updateItemOnline(item, abilityFor(index), answer.score));
  });
  return changed;
}

type RecalibrationOutcome = "linked" | "base_scale" | "skipped";

type Recalibration = {
  outcome: RecalibrationOutcome;
  /** The items this run re-estimated (every item answered in it); empty when skipped. */
  items: Map<string, CalibratedItem>;
  anchors: number;
  link: Link | null;
  note: string;
  /** What the run read (the `calibration_runs` counts): sessions with effortful answers, and those answers. */
  sessions: number;
  answers: number;
};

/** Fewer used sessions than this in a run say too little for an EM over the whole test. */
export const MIN_RECALIBRATION_SESSIONS = 50;

/**
 * The daily recalibration: EM (`batch-calibration.ts`) over the non-rapid answers of recent
 * used sessions, linked onto the current scale by robust mean/sigma on the anchors (items with
 * at least RESPONSES_BEFORE_CALIBRATED answers in this run and as many in their current count,
 * which holds the run's answers the calibrator already applied online). With no calibrated
 * item yet, the run sets the base scale (its population is N(0, 1)). Too few sessions, or a
 * current scale with too few anchors to link to, skip the run: the items keep learning online.
 *
 * Merging with what the items already know: the item's count already includes this run's
 * answers when the calibrator applied these sessions online, so only `max(0, n − n_run)` of its
 * n answers are news to the run. The linked EM estimate and the current one are averaged with
 * weights n_run and that remainder, and the item rests on max(n, n_run) answers, never the sum:
 * a window covering all an item's answers replaces its parameters, a short one refines them.
 */
export function recalibrate(input: {
  items: ReadonlyMap<string, CalibratedItem>;
  labels: ReadonlyMap<string, Difficulty>;
  sessions: readonly (readonly CalibrationAnswer[])[];
}): Recalibration {
  const { items, labels } = input;
  const responses: StudentResponse[] = [];
  let usableSessions = 0;
  input.sessions.forEach((answers, session) => {
    const effortful = answers.filter((answer) => !answer.rapidGuess && labels.has(answer.questionId));
    if (effortful.length > 0) usableSessions += 1;
    for (const answer of effortful) responses.push({ studentId: String(session), itemId: answer.questionId, score: answer.score });
  });
  const read = { sessions: usableSessions, answers: responses.length };
  if (usableSessions < MIN_RECALIBRATION_SESSIONS) {
    return skipped(`${usableSessions} sessions with effortful answers, fewer than ${MIN_RECALIBRATION_SESSIONS}`, read);
  }

  const answered = new Set(responses.map((response) => response.itemId));
  const batch = recalibrateItems(responses, Object.fromEntries(labels));
  const estimates = [...answered].map((id) => ({ id, estimate: batch.items[id]! }));
  const cycles = `${responses.length} answers, ${answered.size} items, ${batch.cycles} EM cycles${batch.converged ? "" : " (not converged)"}`;

  const calibrated = [...items.values()].some((item) => item.responses >= RESPONSES_BEFORE_CALIBRATED);
  if (!calibrated) {
    return { outcome: "base_scale", items: merge(items, estimates, null), anchors: 0, link: null, note: `base scale: ${cycles}`, ...read };
  }

  const anchors: Anchor[] = estimates.flatMap(({ id, estimate }) => {
    const current = items.get(id);
    return current && current.responses >= RESPONSES_BEFORE_CALIBRATED && estimate.responses >= RESPONSES_BEFORE_CALIBRATED
      ? [{ id, current: current.b, next: estimate.b }]
      : [];
  });
  const { link, kept, dropped } = meanSigmaLink(anchors);
  const droppedNote = dropped.length > 0 ? `; dropped ${dropped.join(", ")}` : "";
  if (!link) return skipped(`${anchors.length} anchors, ${kept.length} left after dropping out-of-line ones: too few to link${droppedNote}`, read);
  return {
    outcome: "linked",
    items: merge(items, estimates, link),
    anchors: kept.length,
    link,
    note: `linked on ${kept.length} anchors, slope ${link.slope.toFixed(3)}, intercept ${link.intercept.toFixed(3)}${droppedNote}; ${cycles}`,
    ...read,
  };
}

function skipped(note: string, read: { sessions: number; answers: number }): Recalibration {
  return { outcome: "skipped", items: new Map(), anchors: 0, link: null, note: `skipped: ${note}`, ...read };
}

function merge(items: ReadonlyMap<string, CalibratedItem>, estimates: readonly { id: string; estimate: CalibratedItem }[], link: Link | null) {
  const merged = new Map<string, CalibratedItem>();
  for (const { id, estimate } of estimates) {
    const next = link ? applyLink(estimate, link) : estimate;
    const current = items.get(id);
    const earlier = current ? Math.max(0, current.responses - next.responses) : 0;
    const total = earlier + next.responses;
    const blend = (now: number, then: number) => (total === 0 ? now : (next.responses * now + earlier * then) / total);
    merged.set(id, {
      a: clampA(blend(next.a, current?.a ?? next.a)),
      b: clampB(blend(next.b, current?.b ?? next.b)),
      responses: Math.max(current?.responses ?? 0, next.responses),
    });
  }
  return merged;
}
