import type { JobProgress } from "./job-messages";

/**
 * A job that runs in parts splits its units (students, rows) into runs of `size`, one queue
 * message each, so each consumer invocation stays well under the platform's subrequest limit.
 * Parts run one after another: part k queues part k + 1 when it has finished.
 */
export type PartPlan = { total: number; size: number };

/** What running a job (or one of its parts) leaves: its result, or more parts still to run. */
export type JobStep = { finished: true; result: unknown } | { finished: false };

export function partCount({ total, size }: PartPlan): number {
  return Math.ceil(total / size);
}

/** The units part `part` runs: [start, end). */
export function partRange({ total, size }: PartPlan, part: number): { start: number; end: number } {
  const start = Math.min(total, part * size);
  return { start, end: Math.min(total, start + size) };
}

export function isLastPart(plan: PartPlan, part: number): boolean {
  return part >= partCount(plan) - 1;
}

/**
 * The progress once `part` has finished. It is a value, not an increment, so a part the queue
 * delivers twice reports the same figure.
 */
export function progressAfterPart(plan: PartPlan, part: number): JobProgress {
  return { done: partRange(plan, part).end, total: plan.total };
}

/** `units` split as the plan splits them: part k holds partRange(plan, k). */
export function splitIntoParts<Unit>(units: readonly Unit[], size: number): Unit[][] {
  const plan = { total: units.length, size };
  return Array.from({ length: partCount(plan) }, (_, part) => {
    const { start, end } = partRange(plan, part);
    return units.slice(start, end);
  });
}
