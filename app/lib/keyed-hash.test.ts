import { describe, expect, it } from "vitest";

import { keyedHasher } from "./keyed-hash";

describe("keyedHasher", () => {
  it("gives the same hex digest for the same key and text, and another for another key", async () => {
    const hash = await keyedHasher("a key of at least thirty-two characters");
    const other = await keyedHasher("another key of thirty-two characters");
    expect(await hash("S-1001")).toMatch(/^[0-9a-f]{64}$/);
    expect(await hash("S-1001")).toBe(await hash("S-1001"));
    expect(await hash("S-1001")).not.toBe(await hash("S-1002"));
    expect(await other("S-1001")).not.toBe(await hash("S-1001"));
  });
});
