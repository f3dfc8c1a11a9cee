import { describe, expect, it } from "vitest";

import { textKey } from "./text-key";

describe("textKey", () => {
  it("is the first 16 bytes of the text's SHA-256 as base64url", async () => {
    // SHA-256("abc") = ba7816bf 8f01cfea 414140de 5dae2223 …
    expect(await textKey("abc")).toBe("ungWv48Bz-pBQUDeXa4iIw");
  });

  it("gives equal texts one key and different texts different keys, 22 URL-safe characters each", async () => {
    const [a, again, b, accented] = await Promise.all([textKey("<p>Why?</p>"), textKey("<p>Why?</p>"), textKey("<p>Why? </p>"), textKey("<p>¿Por qué?</p>")]);
    expect(again).toBe(a);
    expect(b).not.toBe(a);
    for (const key of [a, b, accented]) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
