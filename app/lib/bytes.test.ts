import { describe, expect, it } from "vitest";

import { joinBytes } from "./bytes";

describe("joinBytes", () => {
  it("joins the chunks in order", () => {
    expect([...joinBytes([new Uint8Array([1, 2]), new Uint8Array([]), new Uint8Array([3])], 3)]).toEqual([1, 2, 3]);
    expect(joinBytes([], 0)).toHaveLength(0);
  });

  it("answers a single chunk as it is", () => {
    const only = new Uint8Array([7, 8]);
    expect(joinBytes([only], 2)).toBe(only);
  });
});
