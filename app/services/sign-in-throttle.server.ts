import type { Database } from "~/db/client.server";
import { tooManyAttemptsMessage } from "~/domain/auth/sign-in-throttle";
import { isClearedBySuccess, type ThrottleKey } from "~/domain/auth/sign-in-throttle-keys";
import { DomainError } from "~/lib/errors";
import { claimSignInAttempt, clearSignInThrottle, giveBackSignInAttempt } from "~/models/sign-in-throttle.server";

/**
 * Claims an attempt from every throttle before the password is checked. If one refuses, the
 * ones already claimed are given back and the attempt ends with a rate_limited error that says
 * when to try again; the password is never checked.
 */
export async function claimSignInAttempts(db: Database, throttles: ThrottleKey[], now: number): Promise<void> {
  const claimed: string[] = [];
  for (const { key, policy } of throttles) {
    const claim = await claimSignInAttempt(db, key, policy, now);
    if (!claim.admitted) {
      await Promise.all(claimed.map((done) => giveBackSignInAttempt(db, done)));
      throw new DomainError("rate_limited", tooManyAttemptsMessage(claim.retryAfterMs));
    }
    claimed.push(key);
  }
}

/**
 * After a correct password: the account's (or device's) failures are forgotten; the address
 * only gets this attempt back, so signing in to one's own account between guesses at someone
 * else's does not reset an address's count.
 */
export async function settleSuccessfulSignIn(db: Database, throttles: ThrottleKey[]): Promise<void> {
  await Promise.all(
    throttles.map(({ key }) => (isClearedBySuccess(key) ? clearSignInThrottle(db, key) : giveBackSignInAttempt(db, key))),
  );
}
