import { describe, expect, it } from "vitest";

import { ACCOUNT_POLICY, ADDRESS_POLICY } from "~/domain/auth/sign-in-throttle";
import { delayAfter, MAX_QUIET_PERIOD_MS } from "~/domain/throttle";

import { GUESS_ADDRESS_POLICY, heldBackMessage, joinCodeThrottles, RESUME_CLASS_POLICY, resumeCodeThrottles } from "./guess-throttle";

describe("join and resume code throttles", () => {
  it("count wrong join codes per client address (an IPv6 /64 as one)", () => {
    expect(joinCodeThrottles("203.0.113.9")).toEqual([{ key: "guess-address:203.0.113.9", policy: GUESS_ADDRESS_POLICY }]);
    expect(joinCodeThrottles("2001:db8:1:2::7")[0]?.key).toBe("guess-address:2001:db8:1:2::/64");
  });

  it("count wrong resume codes per address and per class, the address first", () => {
    expect(resumeCodeThrottles("203.0.113.9", "class-1").map((throttle) => throttle.key)).toEqual(["guess-address:203.0.113.9", "resume-class:class-1"]);
    expect(resumeCodeThrottles("203.0.113.9", null).map((throttle) => throttle.key)).toEqual(["guess-address:203.0.113.9"]);
  });

  it("let a school's shared address mistype a few dozen codes before any wait", () => {
    expect(delayAfter(GUESS_ADDRESS_POLICY.freeFailures - 1, GUESS_ADDRESS_POLICY)).toBe(0);
    expect(delayAfter(GUESS_ADDRESS_POLICY.freeFailures, GUESS_ADDRESS_POLICY)).toBe(1000);
  });

  it("never hold anyone back for more than five minutes, and forget within the purge horizon", () => {
    for (const policy of [GUESS_ADDRESS_POLICY, RESUME_CLASS_POLICY, ACCOUNT_POLICY, ADDRESS_POLICY]) {
      expect(delayAfter(1e9, policy)).toBeLessThanOrEqual(5 * 60_000);
      expect(policy.quietPeriodMs).toBeGreaterThan(policy.maxDelayMs);
      expect(policy.quietPeriodMs).toBeLessThanOrEqual(MAX_QUIET_PERIOD_MS);
    }
  });

  it("say plainly how long to wait", () => {
    expect(heldBackMessage("en", "tooManyCodes", 1)).toBe("Too many incorrect codes. Please wait 1 second and try again.");
    expect(heldBackMessage("en", "tooManyCodes", 90_000)).toBe("Too many incorrect codes. Please wait 2 minutes and try again.");
    expect(heldBackMessage("en", "tooManyPins", 30_000)).toBe("Too many wrong PINs. Please wait 30 seconds, or ask your teacher to reset your PIN.");
    expect(heldBackMessage("es", "tooManyCodes", 1)).toBe("Demasiados códigos incorrectos. Espera 1 segundo y vuelve a intentarlo.");
    expect(heldBackMessage("es", "tooManyPins", 90_000)).toBe("Demasiados PIN incorrectos. Espera 2 minutos o pídele a tu maestro que restablezca tu PIN.");
  });
});
