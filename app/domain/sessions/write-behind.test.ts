import { describe, expect, it } from "vitest";

import { FLUSH_DELAY_MS, nextFlushDelayMs } from "./write-behind";

describe("when a session's object writes D1", () => {
  it("waits a few seconds after a change, so a burst of answers is one write", () => {
    expect(nextFlushDelayMs(0)).toBe(FLUSH_DELAY_MS);
  });

  it("after failed writes backs off 2, 4, 8 … seconds and keeps trying at most a minute apart", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(nextFlushDelayMs)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });
});
