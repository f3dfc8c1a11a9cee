import { describe, expect, it } from "vitest";

import { delayAfter, delaySchedule, type ThrottlePolicy } from "~/domain/throttle";

import { ACCOUNT_POLICY, ADDRESS_POLICY, tooManyAttemptsMessage } from "./sign-in-throttle";

const policy: ThrottlePolicy = { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 300_000, quietPeriodMs: 3_600_000 };

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
  });
});
