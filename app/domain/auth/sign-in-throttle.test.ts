import { describe, expect, it } from "vitest";

import { LOCKOUT_MS, MAX_FAILURES, afterFailure, isLocked, minutesLeft, type ThrottleState } from "./sign-in-throttle";

const T0 = 1_700_000_000_000;

function failTimes(count: number, now: number, start: ThrottleState | null = null): ThrottleState | null {
  let state = start;
  for (let i = 0; i < count; i++) state = afterFailure(state, now);
  return state;
}

describe("constants", () => {
  it("locks after five failures for fifteen minutes", () => {
    expect(MAX_FAILURES).toBe(5);
    expect(LOCKOUT_MS).toBe(15 * 60 * 1000);
  });
});

describe("afterFailure / isLocked", () => {
  it("starts counting at one from no state", () => {
    expect(afterFailure(null, T0)).toEqual({ failures: 1, lockedUntil: null });
  });

  it("is not locked without state", () => {
    expect(isLocked(null, T0)).toBe(false);
  });

  it("does not lock before MAX_FAILURES failures", () => {
    const state = failTimes(MAX_FAILURES - 1, T0);
    expect(state).toEqual({ failures: MAX_FAILURES - 1, lockedUntil: null });
    expect(isLocked(state, T0)).toBe(false);
  });

  it("locks on the MAX_FAILURES-th failure for LOCKOUT_MS", () => {
    const state = failTimes(MAX_FAILURES, T0);
    expect(state).toEqual({ failures: MAX_FAILURES, lockedUntil: T0 + LOCKOUT_MS });
    expect(isLocked(state, T0)).toBe(true);
    expect(isLocked(state, T0 + LOCKOUT_MS - 1)).toBe(true);
  });

  it("unlocks once LOCKOUT_MS has passed", () => {
    const state = failTimes(MAX_FAILURES, T0);
    expect(isLocked(state, T0 + LOCKOUT_MS)).toBe(false);
    expect(isLocked(state, T0 + LOCKOUT_MS + 60_000)).toBe(false);
  });

  it("counts failures spread over time while not locked", () => {
    let state = afterFailure(null, T0);
    state = afterFailure(state, T0 + 60 * 60 * 1000);
    expect(state.failures).toBe(2);
  });

  it("restarts the count after an expired lockout", () => {
    const locked = failTimes(MAX_FAILURES, T0)!;
    const later = T0 + LOCKOUT_MS + 1;
    const next = afterFailure(locked, later);
    expect(next).toEqual({ failures: 1, lockedUntil: null });
    expect(isLocked(next, later)).toBe(false);

    // and it takes a full MAX_FAILURES again to lock
    const almost = failTimes(MAX_FAILURES - 2, later, next);
    expect(isLocked(almost, later)).toBe(false);
    const relocked = afterFailure(almost, later);
    expect(relocked).toEqual({ failures: MAX_FAILURES, lockedUntil: later + LOCKOUT_MS });
  });

  it("treats a lockout ending exactly now as expired", () => {
    const locked: ThrottleState = { failures: MAX_FAILURES, lockedUntil: T0 };
    expect(isLocked(locked, T0)).toBe(false);
    expect(afterFailure(locked, T0).failures).toBe(1);
  });
});

describe("minutesLeft", () => {
  const lockedAt = (until: number): ThrottleState => ({ failures: MAX_FAILURES, lockedUntil: until });

  it("is the full fifteen minutes right after locking", () => {
    expect(minutesLeft(lockedAt(T0 + LOCKOUT_MS), T0)).toBe(15);
  });

  it("rounds partial minutes up", () => {
    expect(minutesLeft(lockedAt(T0 + 14 * 60_000 + 1), T0)).toBe(15);
    expect(minutesLeft(lockedAt(T0 + 60_000 + 1), T0)).toBe(2);
    expect(minutesLeft(lockedAt(T0 + 90_000), T0)).toBe(2);
  });

  it("is exact on whole minutes", () => {
    expect(minutesLeft(lockedAt(T0 + 2 * 60_000), T0)).toBe(2);
  });

  it("is at least one", () => {
    expect(minutesLeft(lockedAt(T0 + 1), T0)).toBe(1);
    expect(minutesLeft(lockedAt(T0), T0)).toBe(1);
    expect(minutesLeft(lockedAt(T0 - 10 * 60_000), T0)).toBe(1);
    expect(minutesLeft({ failures: 1, lockedUntil: null }, T0)).toBe(1);
  });
});
