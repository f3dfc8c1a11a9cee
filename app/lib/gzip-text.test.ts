import { describe, expect, it } from "vitest";

import { gunzipFromBase64, gzipToBase64 } from "./gzip-text";

describe("gzipped text as base64", () => {
  it("gives back the same text, accents and all, and a repetitive JSON value in a fraction of its size", async () => {
    const text = JSON.stringify(Array.from({ length: 2000 }, (_, index) => ({ questionId: `q-${index}`, answer: "Photosynthèse uses light — and water." })));
    const packed = await gzipToBase64(text);
    expect(await gunzipFromBase64(packed)).toBe(text);
    expect(packed.length).toBeLessThan(text.length / 10);
  });

  it("handles the empty text", async () => {
    expect(await gunzipFromBase64(await gzipToBase64(""))).toBe("");
  });
});
