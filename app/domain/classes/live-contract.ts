import type { LiveReport } from "./live-view";

/**
 * The class live object's methods (ADR 0046), addressed by `idFromName(classId)`, typed here so
 * app code and the session object can call it through its binding without importing workers/;
 * workers/class-live.ts implements it.
 */
export interface ClassLiveRpc extends Rpc.DurableObjectBranded {
  /** A session object's latest state of its student; a malformed report is dropped. */
  report(report: LiveReport): Promise<void>;
  /** Every student's latest report (the rows are derived by the reader, at its clock). */
  reports(): Promise<LiveReport[]>;
}
