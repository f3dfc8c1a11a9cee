/**
 * Throttling repeated failures (ADR 0002, ADR 0015): growing delays, not a hard lock. One
 * mechanism serves sign-in (domain/auth/sign-in-throttle) and the guessing of join and resume
 * codes (domain/classes/guess-throttle).
 *
 * A hard lock after a few failures would let any stranger lock others out, again and again.
 * Instead each key (an account, a client address, a class...) gets a few free failures, then
 * must wait before its next attempt: 1 s, 2 s, 4 s ... up to a cap. After a quiet period without
 * failures the count starts over. A refused attempt is not counted, so hammering does not
 * lengthen the wait.
 *
 * These are the rules; app/models/throttle.server.ts applies them in one SQL statement per key,
 * with `now` passed in so tests can choose the clock.
 */
export type ThrottlePolicy = {
  /** Failures allowed before any delay. */
  freeFailures: number;
  /** The first delay, doubled for each further failure. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this (with none since) are forgotten. At most MAX_QUIET_PERIOD_MS. */
  quietPeriodMs: number;
};

/** One throttle an attempt must pass. Keys share one table, so each kind has a prefix ("account:", "guess-address:"...). */
export type ThrottleKey = { key: string; policy: ThrottlePolicy };

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/** No policy remembers failures longer: a row last counted before this is worth nothing and is purged. */
export const MAX_QUIET_PERIOD_MS = 60 * MINUTE;

type ThrottleState = {
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

/** A wait as a person reads it: whole seconds under a minute, else whole minutes, rounded up, never zero. */
/** The same wait as a number and its unit, for a message the catalog words in the reader's language (ADR 0045). */
export function waitAmount(retryAfterMs: number): { unit: "seconds" | "minutes"; n: number } {
  const seconds = retryAfterSeconds(retryAfterMs);
  return seconds < 60 ? { unit: "seconds", n: seconds } : { unit: "minutes", n: Math.ceil(seconds / 60) };
}

export function waitInWords(retryAfterMs: number): string {
  const seconds = retryAfterSeconds(retryAfterMs);
  if (seconds < 60) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** A 429's Retry-After: whole seconds, rounded up, at least one. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / SECOND));
}

/** When the request carries no client address (local runs, tests), everyone shares this one. */
export const UNKNOWN_ADDRESS = "unknown";

/**
 * The address a throttle counts against. IPv6 clients usually hold a whole /64, so counting
 * single IPv6 addresses would give one attacker billions of fresh counts.
 */
export function addressKey(clientAddress: string | null): string {
  const address = clientAddress?.trim().toLowerCase() ?? "";
  if (!address) return UNKNOWN_ADDRESS;
  if (!address.includes(":")) return address.slice(0, 64);
  const hextets = expandIpv6(address);
  return hextets ? `${hextets.slice(0, 4).join(":")}::/64` : address.slice(0, 64);
}

/** "2001:db8::1" → ["2001", "db8", "0", "0", "0", "0", "0", "1"], or null when malformed. */
function expandIpv6(address: string): string[] | null {
  const [head = "", tail, extra] = address.split("::");
  if (extra !== undefined) return null;
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const parts = [...headParts, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tailParts];
  if (!parts.slice(0, 4).every((part) => /^[0-9a-f]{1,4}$/.test(part))) return null;
  return parts.map((part) => part.replace(/^0+(?=.)/, ""));
}
