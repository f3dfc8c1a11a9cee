import { translate } from "~/domain/i18n/catalog";
import type { AnyLocale } from "~/domain/i18n/locale";
import { addressKey, MINUTE, SECOND, type ThrottleKey, type ThrottlePolicy, waitAmount } from "~/domain/throttle";

/**
 * Guessing join codes and resume codes (ADR 0015), with the shared throttle (domain/throttle).
 *
 * Only failed guesses count: an unknown join code, a wrong resume code. A class of 35 joining in
 * the same minute from one school address never meets the throttle, however fast they type;
 * a stranger trying codes (a teacher may choose a word such as DEMOCLASS) gets a few dozen
 * tries, then waits 1 s, 2 s, 4 s ... up to five minutes between tries. While an address (or a
 * class) is held back, every guess from it is refused, right or wrong, so an attacker cannot
 * tell a right code by its answer.
 *
 * - `guess-address:<address>`: wrong join and resume codes from one client address (an IPv6 /64).
 *   Generous, as a school's students share one address and mistype.
 * - `resume-class:<class id>`: wrong resume codes against one class, from any address, so a
 *   student's session cannot be taken over by spreading guesses over many addresses.
 */
export const GUESS_ADDRESS_POLICY: ThrottlePolicy = {
  freeFailures: 30,
  firstDelayMs: SECOND,
  maxDelayMs: 5 * MINUTE,
  quietPeriodMs: 15 * MINUTE,
};

export const RESUME_CLASS_POLICY: ThrottlePolicy = {
  freeFailures: 20,
  firstDelayMs: SECOND,
  maxDelayMs: 5 * MINUTE,
  quietPeriodMs: 60 * MINUTE,
};

const addressThrottle = (clientAddress: string | null): ThrottleKey => ({ key: `guess-address:${addressKey(clientAddress)}`, policy: GUESS_ADDRESS_POLICY });

/** The throttles a typed join code passes. */
export function joinCodeThrottles(clientAddress: string | null): ThrottleKey[] {
  return [addressThrottle(clientAddress)];
}

/** The throttles a typed resume code passes: the address first, then the class (when the start names one). */
export function resumeCodeThrottles(clientAddress: string | null, classId: string | null): ThrottleKey[] {
  return [addressThrottle(clientAddress), ...(classId ? [{ key: `resume-class:${classId}`, policy: RESUME_CLASS_POLICY }] : [])];
}

export type HeldBack = "tooManyCodes" | "tooManyPins";

/** What a student held back after wrong codes or PINs is told, on the join screen and by the API: the wait, in their language (ADR 0045). */
export function heldBackMessage(locale: AnyLocale, key: HeldBack, retryAfterMs: number): string {
  const { unit, n } = waitAmount(retryAfterMs);
  return translate(locale, "join", key, { wait: translate(locale, "join", unit === "seconds" ? "waitSeconds" : "waitMinutes", { n }) });
}
