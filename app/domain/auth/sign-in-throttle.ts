/**
 * Sign-in throttling (ADR 0002): growing delays, not a hard lock.
 *
 * A hard lock after five failures let any stranger lock a teacher out for fifteen minutes,
 * again and again. Instead each key (an account, a client address, or one trusted device) gets
 * a few free failures, then must wait before its next attempt: 1 s, 2 s, 4 s ... up to a cap.
 * After a quiet period without failures the count starts over. Every attempt is counted
 * before the password is checked (a success gives it back), so parallel attempts cannot all
 * slip through while the first ones are still being checked.
 *
 * These are the rules; app/models/sign-in-throttle.server.ts applies them in one SQL statement
 * per key, with `now` passed in so tests can choose the clock.
 */
export type ThrottlePolicy = {
  /** Failures allowed before any delay. */
  freeFailures: number;
  /** The first delay, doubled for each further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this (with none since) are forgotten. */
  quietPeriodMs: number;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;

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

export type ThrottleState = {
  failures: number;
  /** No attempt is admitted before this time (ms), or null when none is held back. */
  heldUntil: number | null;
  /** When the last attempt was counted (ms). */
  lastCountedAt: number;
};

/** How long to hold back the next attempt once `failures` have been counted. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  const beyondFree = failures - policy.freeFailures;
  if (beyondFree < 0) return 0;
  // Math.min on the exponent keeps 2 ** n finite for absurd counts.
  return Math.min(policy.firstDelayMs * 2 ** Math.min(beyondFree, 30), policy.maxDelayMs);
}

/**
 * The delays as a table, from the first held-back count up to the one that reaches the cap
 * (every later count waits the cap), so SQL can apply exactly these rules.
 */
export function delaySchedule(policy: ThrottlePolicy): Array<{ failures: number; delayMs: number }> {
  const steps: Array<{ failures: number; delayMs: number }> = [];
  for (let failures = policy.freeFailures; ; failures++) {
    const delayMs = delayAfter(failures, policy);
    steps.push({ failures, delayMs });
    if (delayMs >= policy.maxDelayMs) return steps;
  }
}

export type Claim = { admitted: true; state: ThrottleState } | { admitted: false; retryAfterMs: number };

/** What a refused attempt is told: whole seconds under a minute, else whole minutes, rounded up. */
export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / SECOND));
  if (seconds < 60) return `Too many sign-in attempts. Try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many sign-in attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}
