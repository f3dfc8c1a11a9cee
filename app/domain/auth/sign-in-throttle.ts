import { MINUTE, SECOND, type ThrottlePolicy, waitInWords } from "~/domain/throttle";

/**
 * Sign-in throttling (ADR 0002) with the shared throttle (domain/throttle). Every attempt is
 * counted before the password is checked (a success gives it back), so parallel attempts cannot
 * all slip through while the first ones are still being checked.
 */

/** One e-mail address, whether or not an account exists for it. */
export const ACCOUNT_POLICY: ThrottlePolicy = {
  freeFailures: 5,
  firstDelayMs: SECOND,
  maxDelayMs: 5 * MINUTE,
  quietPeriodMs: 60 * MINUTE,
};

/** One client address. More free failures than an account: a school's staff may share one address. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  freeFailures: 10,
  firstDelayMs: SECOND,
  maxDelayMs: 5 * MINUTE,
  quietPeriodMs: 60 * MINUTE,
};

/** One browser already trusted for the account: only its own failures slow it down. */
export const TRUSTED_DEVICE_POLICY: ThrottlePolicy = ACCOUNT_POLICY;

/** What a refused attempt is told. */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  return `Too many sign-in attempts. Try again in ${waitInWords(retryAfterMs)}.`;
}
