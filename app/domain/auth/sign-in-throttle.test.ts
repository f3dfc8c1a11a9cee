import { describe, expect, it } from "vitest";

import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  claimAttempt,
  delayAfter,
  delaySchedule,
  isHeld,
  retryAfterSeconds,
  tooManyAttemptsMessage,
  type ThrottlePolicy,
  type ThrottleState,
} from "./sign-in-throttle";

const T0 = 1_700_000_000_000;
const policy: ThrottlePolicy = { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 300_000, quietPeriodMs: 3_600_000 };

/** Claims `count` attempts, each at the earliest moment it is admitted; returns the state and the clock. */
function failRepeatedly(count: number, start = T0): { state: ThrottleState | null; now: number } {
  let state: ThrottleState | null = null;
  let now = start;
  for (let i = 0; i < count; i++) {
    const claim = claimAttempt(state, now, policy);
    if (!claim.admitted) throw new Error("held back");
    state = claim.state;
    now = state.heldUntil ?? now;
  }
  return { state, now };
}

describe("delayAfter", () => {
  it("gives the free failures no delay, then 1 s, 2 s, 4 s ... doubling", () => {
    expect([1, 2, 3, 4].map((n) => delayAfter(n, policy))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => delayAfter(n, policy))).toEqual([1000, 2000, 4000, 8000]);
  });

  it("is capped", () => {
    expect(delayAfter(13, policy)).toBe(256_000);
    expect(delayAfter(14, policy)).toBe(300_000);
    expect(delayAfter(10_000, policy)).toBe(300_000);
  });

  it("lets an address fail more often than an account before slowing it down (shared school addresses)", () => {
    expect(ADDRESS_POLICY.freeFailures).toBeGreaterThan(ACCOUNT_POLICY.freeFailures);
    expect(delayAfter(ACCOUNT_POLICY.freeFailures, ADDRESS_POLICY)).toBe(0);
  });

  it("never waits longer than a few minutes, so a stranger cannot lock anyone out for long", () => {
    for (const p of [ACCOUNT_POLICY, ADDRESS_POLICY]) {
      expect(delayAfter(1e9, p)).toBeLessThanOrEqual(5 * 60_000);
      expect(p.quietPeriodMs).toBeGreaterThan(p.maxDelayMs);
    }
  });
});

describe("delaySchedule", () => {
  it("tabulates every delay from the first held-back count to the cap", () => {
    const schedule = delaySchedule(policy);
    expect(schedule[0]).toEqual({ failures: 5, delayMs: 1000 });
    expect(schedule.at(-1)).toEqual({ failures: 14, delayMs: 300_000 });
    for (const step of schedule) expect(step.delayMs).toBe(delayAfter(step.failures, policy));
  });
});

describe("claimAttempt", () => {
  it("admits and counts the first attempt", () => {
    expect(claimAttempt(null, T0, policy)).toEqual({
      admitted: true,
      state: { failures: 1, heldUntil: null, lastCountedAt: T0 },
    });
  });

  it("holds back the attempt after the free failures for the announced delay", () => {
    const { state } = failRepeatedly(5);
    expect(state).toEqual({ failures: 5, heldUntil: T0 + 1000, lastCountedAt: T0 });
    expect(claimAttempt(state, T0 + 400, policy)).toEqual({ admitted: false, retryAfterMs: 600 });
    expect(isHeld(state, T0 + 999)).toBe(true);
    expect(isHeld(state, T0 + 1000)).toBe(false);
  });

  it("grows the delay with each further failure", () => {
    const { state, now } = failRepeatedly(6);
    expect(state?.heldUntil).toBe(now);
    expect(state?.failures).toBe(6);
    expect(state!.heldUntil! - state!.lastCountedAt).toBe(2000);
    const next = claimAttempt(state, now, policy);
    expect(next.admitted && next.state.heldUntil! - now).toBe(4000);
  });

  it("does not count a refused attempt, so hammering does not grow the delay", () => {
    const { state } = failRepeatedly(5);
    const refused = claimAttempt(state, T0 + 10, policy);
    expect(refused.admitted).toBe(false);
    expect(claimAttempt(state, T0 + 1000, policy)).toMatchObject({ admitted: true, state: { failures: 6 } });
  });

  it("forgets failures after a quiet period", () => {
    const { state, now } = failRepeatedly(9);
    const later = now + policy.quietPeriodMs;
    expect(claimAttempt(state, later, policy)).toEqual({
      admitted: true,
      state: { failures: 1, heldUntil: null, lastCountedAt: later },
    });
  });

  it("keeps counting failures that come closer together than the quiet period", () => {
    const { state, now } = failRepeatedly(3);
    expect(claimAttempt(state, now + policy.quietPeriodMs - 1, policy)).toMatchObject({ state: { failures: 4 } });
  });

  it("lets 40 attempts at the same instant through only up to the first delay", () => {
    let state: ThrottleState | null = null;
    let admitted = 0;
    for (let i = 0; i < 40; i++) {
      const claim = claimAttempt(state, T0, policy);
      if (claim.admitted) {
        admitted++;
        state = claim.state;
      }
    }
    expect(admitted).toBe(policy.freeFailures);
  });
});

describe("tooManyAttemptsMessage", () => {
  it("says seconds under a minute, rounding up, singular for one", () => {
    expect(tooManyAttemptsMessage(1)).toBe("Too many sign-in attempts. Try again in 1 second.");
    expect(tooManyAttemptsMessage(1000)).toBe("Too many sign-in attempts. Try again in 1 second.");
    expect(tooManyAttemptsMessage(1001)).toBe("Too many sign-in attempts. Try again in 2 seconds.");
    expect(tooManyAttemptsMessage(59_000)).toBe("Too many sign-in attempts. Try again in 59 seconds.");
  });

  it("says minutes from one minute on, rounding up", () => {
    expect(tooManyAttemptsMessage(60_000)).toBe("Too many sign-in attempts. Try again in 1 minute.");
    expect(tooManyAttemptsMessage(61_000)).toBe("Too many sign-in attempts. Try again in 2 minutes.");
    expect(tooManyAttemptsMessage(300_000)).toBe("Too many sign-in attempts. Try again in 5 minutes.");
  });

  it("never says zero", () => {
    expect(tooManyAttemptsMessage(0)).toBe("Too many sign-in attempts. Try again in 1 second.");
    expect(tooManyAttemptsMessage(-5)).toBe("Too many sign-in attempts. Try again in 1 second.");
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(2500)).toBe(3);
  });
});
