import { describe, expect, it } from "vitest";

import { generateBadgeToken, generatePin, pinField, samePin } from "./roster-identity";

describe("class PINs and badges", () => {
  it("makes six-digit PINs, skipping the bytes that would favour low digits", () => {
    const bytes = [255, 250, 1, 2, 3, 4, 5, 6];
    expect(generatePin((size) => Uint8Array.from(bytes.splice(0, size)))).toBe("123456");
    for (let i = 0; i < 50; i++) expect(generatePin()).toMatch(/^\d{6}$/);
  });

  it("makes badge secrets of 160 random bits, never the same twice", () => {
    const tokens = new Set(Array.from({ length: 100 }, () => generateBadgeToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[0-9a-f]{40}$/);
  });

  it("reads a typed PIN with its spaces ignored and refuses anything but six digits", () => {
    expect(pinField.parse(" 123 456 ")).toBe("123456");
    expect(pinField.safeParse("12345").success).toBe(false);
    expect(pinField.safeParse("12345a").success).toBe(false);
  });

  it("compares PINs exactly, and no PIN matches a member without one", () => {
    expect(samePin("123456", "123456")).toBe(true);
    expect(samePin("123457", "123456")).toBe(false);
    expect(samePin("12345", "123456")).toBe(false);
    expect(samePin("123456", null)).toBe(false);
  });
});
