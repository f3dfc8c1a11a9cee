/**
 * The item calibrator object's methods (ADR 0033), typed here so app code can call it through
 * its binding without importing workers/ (a lint rule forbids that); workers/item-calibrator.ts
 * implements it.
 */
export interface ItemCalibratorRpc extends Rpc.DurableObjectBranded {
  /** Reads every completed session not yet read: online updates, exposure and answer times, held in the object until a flush. */
  applyPending(): Promise<{ sessionsRead: number }>;
  /** Writes the rows the object holds to D1 now (readers of D1 flush it first when they need the latest counts). */
  flush(): Promise<{ items: number }>;
  /** The scheduled run: what is pending, then the EM recalibration linked to the current scale. */
  recalibrate(): Promise<{
    sessionsRead: number;
    run: { outcome: "linked" | "base_scale" | "skipped"; sessions: number; answers: number; itemsUpdated: number; anchors: number };
  }>;
}

/** The district has one calibrator: every session's updates go through the same object. */
export const CALIBRATOR_NAME = "district";
