import type { Database } from "~/db/client.server";
import { retryAfterSeconds, type ThrottleKey } from "~/domain/throttle";
import { RateLimitedError } from "~/lib/errors";
import { claimAttempt, giveBackAttempt, heldBackFor } from "~/models/throttle.server";

/**
 * The client's address, as every throttle keys it: set by Cloudflare in production, and by
 * `npm start`'s relay from the connection locally (README), never by the client itself.
 */
export const clientAddress = (request: Request) => request.headers.get("CF-Connecting-IP");

/**
 * Counts one attempt against every throttle (ADR 0002, ADR 0015). If one refuses, the ones
 * already counted are given back and the attempt ends with a 429 that says when to try again
 * (`message` words the wait for the person refused).
 */
export async function claimAttempts(db: Database, throttles: ThrottleKey[], now: number, message: (retryAfterMs: number) => string): Promise<void> {
  const claimed: string[] = [];
  for (const { key, policy } of throttles) {
    const claim = await claimAttempt(db, key, policy, now);
    if (!claim.admitted) {
      await Promise.all(claimed.map((done) => giveBackAttempt(db, done)));
      throw new RateLimitedError(message(claim.retryAfterMs), retryAfterSeconds(claim.retryAfterMs));
    }
    claimed.push(key);
  }
}

/** Refuses, counting nothing, while any of the throttles holds attempts back. */
export async function refuseWhileHeldBack(db: Database, throttles: ThrottleKey[], now: number, message: (retryAfterMs: number) => string): Promise<void> {
  const waitMs = await heldBackFor(
    db,
    throttles.map((throttle) => throttle.key),
    now,
  );
  if (waitMs > 0) throw new RateLimitedError(message(waitMs), retryAfterSeconds(waitMs));
}
