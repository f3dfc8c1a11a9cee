import { describe, expect, it } from "vitest";

import { retryAfterSeconds, waitInWords } from "./throttle";

describe("waitInWords", () => {
  it("says seconds under a minute and minutes from one minute on, rounding up, never zero", () => {
    expect(waitInWords(-5)).toBe("1 second");
    expect(waitInWords(1001)).toBe("2 seconds");
    expect(waitInWords(60_000)).toBe("1 minute");
    expect(waitInWords(61_000)).toBe("2 minutes");
  });
});

describe("retryAfterSeconds", () => {
  it("rounds up to whole seconds, at least one (a 429's Retry-After)", () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1000)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
    expect(retryAfterSeconds(300_000)).toBe(300);
  });
});
