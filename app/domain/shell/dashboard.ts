import { QUESTION_TYPES } from "~/domain/questions/question-types";

/** The dashboard's Question Types stat is the fixed number of formats. */
export const QUESTION_TYPE_COUNT = QUESTION_TYPES.length;

/** Avg Duration: the mean placementDuration across tests, rounded; 0 when there are no tests. */
export function averageDurationMinutes(meanPlacementDuration: number | null): number {
  return meanPlacementDuration === null ? 0 : Math.round(meanPlacementDuration);
}
