import { describe, expect, it } from "vitest";

import { generateJoinCode, JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH, normalizeJoinCode } from "./join-codes";

describe("JOIN_CODE_ALPHABET", () => {
  it("is A-Z without I and O plus 2-9, with no duplicates", () => {
    expect(JOIN_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(32);
    for (const excluded of ["I", "O", "0", "1"]) expect(JOIN_CODE_ALPHABET).not.toContain(excluded);
    expect([...JOIN_CODE_ALPHABET].every((c) => /[A-Z2-9]/.test(c))).toBe(true);
  });
});

describe("generateJoinCode", () => {
  it("produces 8 characters from the alphabet, over many samples", () => {
    expect(JOIN_CODE_LENGTH).toBe(8);
    const pattern = /^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/;
    const seen = new Set<string>();
    const characters = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const code = generateJoinCode();
      expect(code).toMatch(pattern);
      expect(code).not.toMatch(/[IO01]/);
      seen.add(code);
      for (const c of code) characters.add(c);
    }
    // 32^8 possible codes: collisions in 2,000 draws are astronomically unlikely.
    expect(seen.size).toBe(2_000);
    // 16,000 draws cover every one of the 32 characters.
    expect(characters.size).toBe(JOIN_CODE_ALPHABET.length);
  });

  it("maps injected bytes onto the alphabet by index", () => {
    const bytes = Uint8Array.from([0, 1, 2, 3, 29, 30, 31, 8]);
    expect(generateJoinCode(() => bytes)).toBe("ABCD789J");
  });

  it("wraps bytes modulo the alphabet size", () => {
    const bytes = Uint8Array.from([32, 33, 64, 255, 224, 100, 200, 128]);
    // 32→A, 33→B, 64→A, 255→9, 224→A, 100→E (100 % 32 = 4), 200→J (8), 128→A
    expect(generateJoinCode(() => bytes)).toBe("ABA9AEJA");
  });

  it("asks the random source for JOIN_CODE_LENGTH bytes", () => {
    const sizes: number[] = [];
    generateJoinCode((size) => {
      sizes.push(size);
      return new Uint8Array(size);
    });
    expect(sizes).toEqual([JOIN_CODE_LENGTH]);
  });

  it("is unbiased: every byte value is accepted because 32 divides 256", () => {
    // The whole byte range maps to each character exactly 8 times.
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const counts = new Map<string, number>();
    for (let offset = 0; offset < 256; offset += JOIN_CODE_LENGTH) {
      const code = generateJoinCode(() => all.slice(offset, offset + JOIN_CODE_LENGTH));
      for (const c of code) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(32);
    expect([...counts.values()].every((n) => n === 8)).toBe(true);
  });
});

describe("normalizeJoinCode", () => {
  it("trims and upper-cases typed input", () => {
    expect(normalizeJoinCode("  abcd2345 \n")).toBe("ABCD2345");
    expect(normalizeJoinCode("AbCd9XyZ")).toBe("ABCD9XYZ");
  });

  it("leaves inner characters alone", () => {
    expect(normalizeJoinCode(" ab cd ")).toBe("AB CD");
    expect(normalizeJoinCode("")).toBe("");
  });
});
