import { describe, expect, it } from "vitest";

import { endConfirmTitle, endNeedsConfirm, liveActionSchema } from "./screen-actions";

describe("the Live page's End", () => {
  it("asks first unless the post carries the confirm's answer; the other actions never ask", () => {
    expect(endNeedsConfirm({ action: "end" })).toBe(true);
    expect(endNeedsConfirm({ action: "end", confirmed: "yes" })).toBe(false);
    for (const action of ["pause", "resume", "extend"]) expect(endNeedsConfirm({ action })).toBe(false);
  });

  it("reads the confirm's answer from the form, and nothing but its one value", () => {
    const form = { intent: "proctor", action: "end", sessionIds: "s-1" };
    expect(liveActionSchema.parse({ ...form, confirmed: "yes" })).toMatchObject({ confirmed: "yes" });
    expect(liveActionSchema.parse(form)).not.toHaveProperty("confirmed");
    expect(liveActionSchema.safeParse({ ...form, confirmed: "maybe" }).success).toBe(false);
  });

  it("names how many tests end", () => {
    expect(endConfirmTitle(1)).toBe("End 1 test now?");
    expect(endConfirmTitle(3)).toBe("End 3 tests now?");
  });
});
