import type { AppLoadContext } from "@remix-run/cloudflare";

/**
 * Demo data for Cohort Analytics (SPEC.md section 7, issue 10 §3): a new class and a copy of the
 * demo test, taken by simulated students through the real session engine.
 */
export type DemoCohort = { cohort: { id: string; name: string; joinCode: string }; test: { id: string; title: string }; students: number };

export async function seedDemoCohort(_context: AppLoadContext, _admin: { id: string }): Promise<DemoCohort> {
  // Replaced by the seed-demo work in progress (issue 10); never merged as is.
  throw new Error("seedDemoCohort is not built yet");
}
