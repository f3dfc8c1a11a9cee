import { describe, expect, it } from "vitest";

import { MAX_VISIBLE_TOASTS, TOAST_DURATION_MS } from "./toast";

describe("toast constants (SPEC section 8)", () => {
  it("shows a toast for 5000 ms", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it("shows one toast at a time", () => {
    expect(MAX_VISIBLE_TOASTS).toBe(1);
  });
});
