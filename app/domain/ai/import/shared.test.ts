import { describe, expect, it } from "vitest";

import { lineNumberAt, plainText } from "./shared";

describe("plainText", () => {
  it("only converts text that holds tags", () => {
    expect(plainText("  3 < 5 and 7 > 2 ")).toBe("3 < 5 and 7 > 2");
    expect(plainText("<em>x</em> &lt; y")).toBe("x < y");
  });
});

describe("lineNumberAt", () => {
  it("counts from 1", () => {
    expect(lineNumberAt("a\nb\nc", 0)).toBe(1);
    expect(lineNumberAt("a\nb\nc", 4)).toBe(3);
  });
});
