import { describe, expect, it } from "vitest";

import { formatTimeSpent } from "./time-spent";

describe("formatTimeSpent", () => {
  it("says seconds under a minute, so a quick answer never reads '0 minutes'", () => {
    expect(formatTimeSpent(0)).toBe("0 seconds");
    expect(formatTimeSpent(1)).toBe("1 second");
    expect(formatTimeSpent(3)).toBe("3 seconds");
    expect(formatTimeSpent(29.6)).toBe("30 seconds");
    expect(formatTimeSpent(59.4)).toBe("59 seconds");
  });

  it("says minutes from a minute on, to a tenth", () => {
    expect(formatTimeSpent(59.6)).toBe("1 minute");
    expect(formatTimeSpent(60)).toBe("1 minute");
    expect(formatTimeSpent(90)).toBe("1.5 minutes");
    expect(formatTimeSpent(125)).toBe("2.1 minutes");
    expect(formatTimeSpent(600)).toBe("10 minutes");
  });

  it("reads nonsense as no time at all", () => {
    expect(formatTimeSpent(-4)).toBe("0 seconds");
    expect(formatTimeSpent(Number.NaN)).toBe("0 seconds");
  });
});
