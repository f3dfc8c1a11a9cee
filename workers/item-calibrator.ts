import { DurableObject } from "cloudflare:workers";

import { createDatabase } from "~/db/client.server";
import type { ItemCalibratorRpc } from "~/domain/adaptive/calibrator-contract";
import type { Env } from "~/env";
import { applyPendingSessions, recalibrateItems } from "~/services/item-calibration.server";

/**
 * The one place that writes item parameters (ADR 0033): a single object for the district
 * (`CALIBRATOR_NAME`). Each call holds the object's input gate for its whole run, across its D1
 * reads and writes, so two sessions' updates, or an update and a recalibration, never interleave
 * a read-modify-write of the same item.
 */
export class ItemCalibrator extends DurableObject<Env> implements ItemCalibratorRpc {
  async applyPending(): Promise<{ sessionsRead: number }> {
    return this.ctx.blockConcurrencyWhile(async () => ({ sessionsRead: await applyPendingSessions(createDatabase(this.env.DB), new Date()) }));
  }

  /** The scheduled run: first what is pending, then the EM recalibration over it all. */
  async recalibrate() {
    return this.ctx.blockConcurrencyWhile(async () => {
      const db = createDatabase(this.env.DB);
      const sessionsRead = await applyPendingSessions(db, new Date());
      return { sessionsRead, run: await recalibrateItems(db, new Date()) };
    });
  }
}
