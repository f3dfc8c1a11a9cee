import type { Difficulty } from "~/domain/questions/question-types";

import { addResponse, initialLogPosterior, summarizePosterior, THETA_GRID } from "./ability";
import { type ItemParameters, LABEL_PRIORS } from "./item-model";

/**
 * What the district's answers say about a question that a teacher should look at (ADR 0033): it
 * plays harder or easier than its label, or it hardly tells stronger students from weaker ones.
 * The 2PL slope a is kept in [0.25, 3] by calibration, so it cannot show an item that works
 * backwards; the correlation of the item's score with the students' ability can, and is used here.
 */

/** Below this many answers the figures are mostly the label's prior: no flag. */
const ANSWERS_BEFORE_REVIEW = 30;

/**
 * The label a difficulty b reads as: the terciles of N(0, 1) cut at ±0.43, the same split that
 * places the labels' priors at −1.09, 0 and +1.09.
 */
const TERCILE_CUT = 0.43;

/** b must also be this far from the label's prior, so an item just across a cut is not flagged. */
const LABEL_DISAGREEMENT = 0.75;

/** An item-ability correlation below this barely separates students (0.2 is a common floor in item analysis). */
const WEAK_CORRELATION = 0.15;

type ItemReviewFlag = "harder_than_label" | "easier_than_label" | "weak_discrimination" | "negative_discrimination";

const ITEM_REVIEW_MESSAGES: Record<ItemReviewFlag, string> = {
  harder_than_label: "Students find this harder than its label says",
  easier_than_label: "Students find this easier than its label says",
  weak_discrimination: "Hardly separates stronger from weaker students",
  negative_discrimination: "Stronger students do worse on this than weaker ones: check the answer key",
};

export function labelForDifficulty(b: number): Difficulty {
  if (b < -TERCILE_CUT) return "easy";
  if (b > TERCILE_CUT) return "hard";
  return "medium";
}

type ReviewInput = { label: Difficulty; b: number; responses: number; abilityCorrelation: number | null };

export function itemReviewFlags({ label, b, responses, abilityCorrelation }: ReviewInput): ItemReviewFlag[] {
  if (responses < ANSWERS_BEFORE_REVIEW) return [];
  const flags: ItemReviewFlag[] = [];
  const reads = labelForDifficulty(b);
  if (reads !== label && Math.abs(b - LABEL_PRIORS[label].b) >= LABEL_DISAGREEMENT) {
    flags.push(b > LABEL_PRIORS[label].b ? "harder_than_label" : "easier_than_label");
  }
  if (abilityCorrelation !== null) {
    if (abilityCorrelation < 0) flags.push("negative_discrimination");
    else if (abilityCorrelation < WEAK_CORRELATION) flags.push("weak_discrimination");
  }
  return flags;
}

/** One student's scored answers to calibrated items: score in [0, 1]. */
type ScoredSession = readonly { questionId: string; score: number }[];

/**
 * Each item's Pearson correlation between its score and the ability of the students who answered
 * it, the ability estimated from their other answers (a rest score, so the item does not correlate
 * with itself). Null for an item with fewer than 3 answers or no spread.
 */
export function abilityCorrelations(sessions: readonly ScoredSession[], params: ReadonlyMap<string, ItemParameters>): Map<string, number | null> {
  const pairs = new Map<string, { score: number; theta: number }[]>();
  const flat = THETA_GRID.map(() => 0);
  for (const session of sessions) {
    const known = session.flatMap((answer) => {
      const item = params.get(answer.questionId);
      return item ? [{ ...answer, likelihood: addResponse(flat, { item, score: answer.score }) }] : [];
    });
    // The whole posterior once; each answer's rest posterior is it less that answer's log-likelihood.
    const whole = known.reduce((posterior, answer) => posterior.map((value, index) => value + answer.likelihood[index]!), initialLogPosterior());
    for (const answer of known) {
      const rest = summarizePosterior(whole.map((value, index) => value - answer.likelihood[index]!));
      const list = pairs.get(answer.questionId) ?? [];
      list.push({ score: answer.score, theta: rest.theta });
      pairs.set(answer.questionId, list);
    }
  }
  return new Map([...pairs].map(([questionId, list]) => [questionId, pearson(list)]));
}

function pearson(pairs: readonly { score: number; theta: number }[]): number | null {
  if (pairs.length < 3) return null;
  const meanScore = pairs.reduce((sum, pair) => sum + pair.score, 0) / pairs.length;
  const meanTheta = pairs.reduce((sum, pair) => sum + pair.theta, 0) / pairs.length;
  let covariance = 0;
  let scoreVariance = 0;
  let thetaVariance = 0;
  for (const { score, theta } of pairs) {
    covariance += (score - meanScore) * (theta - meanTheta);
    scoreVariance += (score - meanScore) ** 2;
    thetaVariance += (theta - meanTheta) ** 2;
  }
  if (scoreVariance === 0 || thetaVariance === 0) return null;
  return covariance / Math.sqrt(scoreVariance * thetaVariance);
}

/** A question's calibration as teachers and the API read it; null before any answer was counted. */
export type CalibrationView = {
  /** b and a on the district's scale, two decimals. */
  difficulty: number;
  discrimination: number;
  answers: number;
  /** False while the question still uses its label's prior (too few answers). */
  inUse: boolean;
  abilityCorrelation: number | null;
  exposureRate: number | null;
  typicalSeconds: number | null;
  updatedAt: string;
  flags: { code: ItemReviewFlag; message: string }[];
};

type StoredItem = {
  a: number;
  b: number;
  responses: number;
  offered: number;
  served: number;
  typicalSeconds: number | null;
  abilityCorrelation: number | null;
  updatedAt: Date;
};

const twoDecimals = (value: number) => Math.round(value * 100) / 100;

export function calibrationView(label: Difficulty, stored: StoredItem | undefined, answersBeforeUse: number): CalibrationView | null {
  if (!stored || stored.responses === 0) return null;
  return {
    difficulty: twoDecimals(stored.b),
    discrimination: twoDecimals(stored.a),
    answers: stored.responses,
    inUse: stored.responses >= answersBeforeUse,
    abilityCorrelation: stored.abilityCorrelation === null ? null : twoDecimals(stored.abilityCorrelation),
    exposureRate: stored.offered > 0 ? twoDecimals(stored.served / stored.offered) : null,
    typicalSeconds: stored.typicalSeconds === null ? null : Math.round(stored.typicalSeconds),
    updatedAt: stored.updatedAt.toISOString(),
    flags: itemReviewFlags({ label, b: stored.b, responses: stored.responses, abilityCorrelation: stored.abilityCorrelation }).map((code) => ({
      code,
      message: ITEM_REVIEW_MESSAGES[code],
    })),
  };
}
