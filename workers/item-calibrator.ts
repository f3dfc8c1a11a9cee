import { DurableObject } from "cloudflare:workers";

import { createDatabase } from "~/db/client.server";
import type { ItemCalibratorRpc } from "~/domain/adaptive/calibrator-contract";
import type { CalibrationUse } from "~/domain/adaptive/live-calibration";
import type { Env } from "~/env";
import {
  applyPendingSessions,
  FLUSH_AFTER_MS,
  flushHeldCalibration,
  type HeldCalibration,
  type ItemRow,
  recalibrateItems,
} from "~/services/item-calibration.server";

const ROW = "row:";
const SESSION = "session:";
/** Durable Object storage reads at most 128 keys a call. */
const KEYS_PER_GET = 128;

/** The object's storage as the calibrator's hold (ADR 0048, amended 2026-11-27): rows and sessions not yet flushed to D1. */
function storageHold(storage: DurableObjectStorage): HeldCalibration {
  const getMany = async <T>(keys: readonly string[]): Promise<Map<string, T>> => {
    const found = new Map<string, T>();
    for (let start = 0; start < keys.length; start += KEYS_PER_GET) {
      for (const [key, value] of await storage.get<T>(keys.slice(start, start + KEYS_PER_GET))) found.set(key, value);
    }
    return found;
  };
  const strip = <T>(prefix: string, entries: Map<string, T>) => new Map([...entries].map(([key, value]) => [key.slice(prefix.length), value]));
  return {
    rows: async (questionIds) => strip(ROW, await getMany<ItemRow>(questionIds.map((id) => ROW + id))),
    heldSessions: async (sessionIds) => strip(SESSION, await getMany<CalibrationUse>(sessionIds.map((id) => SESSION + id))),
    sessionCount: async () => (await storage.list({ prefix: SESSION })).size,
    async all() {
      const [rows, sessions] = await Promise.all([storage.list<ItemRow>({ prefix: ROW }), storage.list<CalibrationUse>({ prefix: SESSION })]);
      return { rows: [...rows.values()], sessions: [...strip(SESSION, sessions)].map(([id, use]) => ({ id, use })) };
    },
    async hold(rows, sessions) {
      const entries: Record<string, unknown> = {};
      for (const row of rows) entries[ROW + row.questionId] = row;
      for (const session of sessions) entries[SESSION + session.id] = session.use;
      // One put of many keys is atomic; it takes at most 128 at a time, so a larger step is written in parts inside one transaction.
      await storage.transaction(async (txn) => {
        const keys = Object.keys(entries);
        for (let start = 0; start < keys.length; start += KEYS_PER_GET) {
          await txn.put(Object.fromEntries(keys.slice(start, start + KEYS_PER_GET).map((key) => [key, entries[key]])));
        }
      });
      if ((await storage.getAlarm()) === null) await storage.setAlarm(Date.now() + FLUSH_AFTER_MS);
    },
    async clear() {
      await storage.deleteAll();
    },
  };
}

/**
 * The one place that writes item parameters (ADR 0033): a single object for the district
 * (`CALIBRATOR_NAME`). Each call holds the object's input gate for its whole run, across its D1
 * reads and writes, so two sessions' updates, or an update and a recalibration, never interleave
 * a read-modify-write of the same item. The rows a session changes wait in the object's storage
 * until a flush writes them to D1 (ADR 0048, amended 2026-11-27).
 */
export class ItemCalibrator extends DurableObject<Env> implements ItemCalibratorRpc {
  async applyPending(): Promise<{ sessionsRead: number }> {
    return this.ctx.blockConcurrencyWhile(async () => ({
      sessionsRead: await applyPendingSessions(createDatabase(this.env.DB), storageHold(this.ctx.storage), new Date()),
    }));
  }

  /** Writes the held rows to D1 now: what the nightly run, the bank's readers and the tests rely on. */
  async flush(): Promise<{ items: number }> {
    return this.ctx.blockConcurrencyWhile(() => flushHeldCalibration(createDatabase(this.env.DB), storageHold(this.ctx.storage), new Date()));
  }

  /** The held rows' deadline; a failed flush throws, and the runtime retries the alarm. */
  override async alarm(): Promise<void> {
    await this.flush();
  }

  /** The scheduled run: first what is pending, then a flush, then the EM recalibration over it all. */
  async recalibrate() {
    return this.ctx.blockConcurrencyWhile(async () => {
      const db = createDatabase(this.env.DB);
      const held = storageHold(this.ctx.storage);
      const sessionsRead = await applyPendingSessions(db, held, new Date());
      await flushHeldCalibration(db, held, new Date());
      return { sessionsRead, run: await recalibrateItems(db, new Date()) };
    });
  }
}
