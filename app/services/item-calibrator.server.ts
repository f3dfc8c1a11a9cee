import { CALIBRATOR_NAME } from "~/domain/adaptive/calibrator-contract";
import type { Env } from "~/env";

/** The district's item calibrator object (ADR 0033). */
export const calibrator = (env: Pick<Env, "ITEM_CALIBRATOR">) => env.ITEM_CALIBRATOR.get(env.ITEM_CALIBRATOR.idFromName(CALIBRATOR_NAME));

/**
 * Tells the calibrator a completed session is in D1, without waiting for it to read it. A poke
 * that fails loses nothing: the daily run reads every session not yet read.
 */
export function pokeCalibrator(env: Pick<Env, "ITEM_CALIBRATOR">): Promise<void> {
  return calibrator(env)
    .applyPending()
    .then(
      () => undefined,
      (error: unknown) => console.error("Item calibration failed; the daily run will read the session", error),
    );
}
