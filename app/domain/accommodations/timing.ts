import type { ExtendedTime } from "./accommodations";

/**
 * Time arithmetic of the extended-time accommodation (ADR 0032). The test's clocks are multiplied;
 * "unlimited" removes the question timers and shows no overall clock, while the session object
 * still ends an abandoned session after UNTIMED_SESSION_SECONDS, so nothing stays open for ever.
 */
export const UNTIMED_SESSION_SECONDS = 12 * 60 * 60;

/** The session's length in seconds: the test's, extended. */
export function accommodatedSessionSeconds(testSeconds: number, extendedTime: ExtendedTime): number {
  if (extendedTime === "unlimited") return UNTIMED_SESSION_SECONDS;
  return Math.min(UNTIMED_SESSION_SECONDS, Math.ceil(testSeconds * extendedTime));
}

/** A question's own limit in seconds, extended; null (no limit) stays null, and "unlimited" removes it. */
export function accommodatedQuestionSeconds(limitSeconds: number | null, extendedTime: ExtendedTime): number | null {
  if (limitSeconds === null || extendedTime === "unlimited") return null;
  return Math.ceil(limitSeconds * extendedTime);
}
