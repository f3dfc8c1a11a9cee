import type { Database } from "~/db/client.server";
import { tooManyAttemptsMessage } from "~/domain/auth/sign-in-throttle";
import { isClearedBySuccess } from "~/domain/auth/sign-in-throttle-keys";
import type { ThrottleKey } from "~/domain/throttle";
import { clearThrottle, giveBackAttempt } from "~/models/throttle.server";

import { claimAttempts } from "./throttle.server";

/**
 * Claims an attempt from every throttle before the password is checked. If one refuses, the
 * attempt ends with a rate_limited error (429, with Retry-After) that says when to try again;
 * the password is never checked.
 */
export async function claimSignInAttempts(db: Database, throttles: ThrottleKey[], now: number): Promise<void> {
  await claimAttempts(db, throttles, now, tooManyAttemptsMessage);
}

/**
 * After a correct password: the account's (or device's) failures are forgotten; the address
 * only gets this attempt back, so signing in to one's own account between guesses at someone
 * else's does not reset an address's count.
 */
export async function settleSuccessfulSignIn(db: Database, throttles: ThrottleKey[]): Promise<void> {
  await Promise.all(throttles.map(({ key }) => (isClearedBySuccess(key) ? clearThrottle(db, key) : giveBackAttempt(db, key))));
}
