/**
 * Lockout after repeated failed sign-ins. After MAX_FAILURES wrong passwords for one e-mail
 * the address is locked for LOCKOUT_MS; a successful sign-in clears the count.
 */
export const MAX_FAILURES = 5;
export const LOCKOUT_MS = 15 * 60 * 1000;

export type ThrottleState = { failures: number; lockedUntil: number | null };

export function isLocked(state: ThrottleState | null, now: number): boolean {
  return !!state?.lockedUntil && state.lockedUntil > now;
}

/** The state after one more failure; the count starts over once a lockout has expired. */
export function afterFailure(state: ThrottleState | null, now: number): ThrottleState {
  const expired = !!state?.lockedUntil && state.lockedUntil <= now;
  const failures = (expired || !state ? 0 : state.failures) + 1;
  return {
    failures,
    lockedUntil: failures >= MAX_FAILURES ? now + LOCKOUT_MS : null,
  };
}

export function minutesLeft(state: ThrottleState, now: number): number {
  return Math.max(1, Math.ceil(((state.lockedUntil ?? now) - now) / 60_000));
}
