import type { Difficulty } from "~/domain/questions/question-types";

import { type AbilityEstimate, addResponse, summarizePosterior, THETA_GRID } from "./ability";
import type { ItemParameters } from "./item-model";

/**
 * What an attempt reports: the product's points and percent score, a scale score
 * comparable across tests of the same bank, per-competency mastery and module recommendations.
 */

/** Easy 1, medium 2, hard 3 points; an AI grade earns its fraction of them. */
export const POINTS: Record<Difficulty, number> = { easy: 1, medium: 2, hard: 3 };

/**
 * Percent of the points the test asked for: the questions answered, plus `unaskedPoints` for the
 * questions a session ended before the engine's stop would still have asked, which earn nothing
 * (ADR 0012). 0 when nothing was asked.
 */
export function totalScorePercent(answers: readonly { difficulty: Difficulty; score: number }[], unaskedPoints = 0): number {
  let earned = 0;
  let possible = unaskedPoints;
  for (const { difficulty, score } of answers) {
    earned += POINTS[difficulty] * Math.min(1, Math.max(0, score));
    possible += POINTS[difficulty];
  }
  return possible === 0 ? 0 : (100 * earned) / possible;
}

/**
 * The most points the rest of a test could have been worth: the `count` questions it could still
 * have asked, taken as the highest-valued ones left. Counting them at 0 makes ending a session
 * early never score better than answering on, however the rest would have gone (ADR 0012).
 */
export function unaskedPoints(count: number, unaskedDifficulties: readonly Difficulty[]): number {
  const points = unaskedDifficulties.map((difficulty) => POINTS[difficulty]).sort((a, b) => b - a);
  return points.slice(0, Math.max(0, count)).reduce((sum, value) => sum + value, 0);
}

type MasteryStatus = "mastered" | "not_mastered" | "not_assessed";

type CompetencyMastery = AbilityEstimate & { items: number; status: MasteryStatus };

type MasteryOptions = {
  /** θ at or above which a competency counts as mastered. */
  masteryTheta: number;
  /**
   * SD of a competency's ability around the overall θ: its prior. Competencies of one subject
   * correlate strongly, so a competency seen in 2 questions leans on the whole test.
   */
  spreadAroundOverall: number;
};

const DEFAULT_MASTERY_OPTIONS: MasteryOptions = {
  masteryTheta: 0,
  spreadAroundOverall: 0.5,
};

/**
 * Each competency's estimate from its own answers with a N(overall θ, spread²) prior: shrunk
 * toward the overall θ, more so the fewer answers it has.
 */
export function competencyMastery(
  answers: readonly { competencyId?: string | null; params: ItemParameters; score: number }[],
  competencyIds: readonly string[],
  overall: AbilityEstimate,
  options: MasteryOptions = DEFAULT_MASTERY_OPTIONS,
): Map<string, CompetencyMastery> {
  const prior = THETA_GRID.map((theta) => {
    const z = (theta - overall.theta) / options.spreadAroundOverall;
    return -0.5 * z * z;
  });
  const mastery = new Map<string, CompetencyMastery>();
  for (const competencyId of competencyIds) {
    let logPosterior = prior;
    let items = 0;
    for (const answer of answers) {
      if (answer.competencyId !== competencyId) continue;
      logPosterior = addResponse(logPosterior, { item: answer.params, score: answer.score });
      items++;
    }
    const estimate = summarizePosterior(logPosterior);
    const status: MasteryStatus = items === 0 ? "not_assessed" : estimate.theta >= options.masteryTheta ? "mastered" : "not_mastered";
    mastery.set(competencyId, { ...estimate, items, status });
  }
  return mastery;
}

type ModuleRecommendation = { moduleId: string; label: "Mastered" | "Recommended" };

/**
 * 'Mastered' when every competency of the module is mastered, else 'Recommended'; recommended
 * modules that hold a prerequisite of a not-mastered competency come first (fix the base first).
 */
export function moduleRecommendations(
  modules: readonly { id: string; competencyIds: readonly string[] }[],
  mastery: ReadonlyMap<string, CompetencyMastery>,
  prerequisites: Readonly<Record<string, readonly string[]>>,
): ModuleRecommendation[] {
  const prerequisitesOfFailed = new Set<string>();
  for (const [competencyId, { status }] of mastery) {
    if (status !== "not_mastered") continue;
    for (const prerequisite of prerequisites[competencyId] ?? []) {
      prerequisitesOfFailed.add(prerequisite);
    }
  }
  const isMastered = (module: { competencyIds: readonly string[] }) =>
    module.competencyIds.length > 0 && module.competencyIds.every((id) => mastery.get(id)?.status === "mastered");
  const holdsPrerequisite = (module: { competencyIds: readonly string[] }) => module.competencyIds.some((id) => prerequisitesOfFailed.has(id));

  const recommended = modules.filter((module) => !isMastered(module));
  const ordered = [...recommended.filter(holdsPrerequisite), ...recommended.filter((module) => !holdsPrerequisite(module))];
  return [
    ...ordered.map((module) => ({ moduleId: module.id, label: "Recommended" as const })),
    ...modules.filter(isMastered).map((module) => ({ moduleId: module.id, label: "Mastered" as const })),
  ];
}
