import { type PartPlan, splitIntoParts } from "~/domain/jobs/job-parts";

import type { RosterChange } from "./oneroster-plan";

/**
 * How a planned roster import is written (ADR 0047). A part is one D1 batch of at most this many
 * changes: up to three statements a change, so about 600 statements, a few hundred kilobytes of
 * JSON and a few hundred milliseconds, far inside a Worker's CPU, its 128 MB and D1's 1,000
 * queries an invocation. An import whose plan fits in one part is written by the request itself,
 * as it always was; a larger one is staged in parts and written by the queue.
 */
export const ROSTER_CHANGES_PER_PART = 200;

/** Whether the request writes the plan itself (one part at most) or leaves it to the queue. */
export function writtenByTheRequest(changes: readonly RosterChange[]): boolean {
  return changes.length <= ROSTER_CHANGES_PER_PART;
}

/** The plan's changes in the order they were planned, one array a part: part k only after part k - 1 (classes before their enrollments). */
export function rosterParts(changes: readonly RosterChange[]): RosterChange[][] {
  return splitIntoParts(changes, ROSTER_CHANGES_PER_PART);
}

/** The progress plan of a queued import: its units are the changes. */
export function rosterPartPlan(total: number): PartPlan {
  return { total, size: ROSTER_CHANGES_PER_PART };
}

/**
 * Statements a part of a roster CSV import writes in one D1 batch: as many as a OneRoster part's
 * 200 changes make at most. The CSV's plan is its statements (`importRoster`), so its line is
 * drawn in statements: up to one part's, the request writes them.
 */
export const ROSTER_STATEMENTS_PER_PART = 600;
