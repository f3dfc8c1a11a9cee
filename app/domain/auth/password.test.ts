import { describe, expect, it } from "vitest";

import { constantTimeEqual, hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "./password";

// Low iteration counts keep the suite fast where the count itself is not under test.
const FAST = 1_000;

describe("hashPassword / verifyPassword", () => {
  it("round-trips with the default 100,000 iterations", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored.split("$")[1]).toBe("100000");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
  });

  it("uses the stored form pbkdf2-sha256$iterations$salt$hash", async () => {
    const stored = await hashPassword("secret", FAST);
    const parts = stored.split("$");
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe("pbkdf2-sha256");
    expect(parts[1]).toBe(String(FAST));
    const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
    expect(parts[2]).toMatch(base64);
    expect(parts[3]).toMatch(base64);
    expect(atob(parts[2]!)).toHaveLength(16);
    expect(atob(parts[3]!)).toHaveLength(32);
  });

  it("rejects a wrong password", async () => {
    const stored = await hashPassword("secret", FAST);
    expect(await verifyPassword("Secret", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("round-trips non-ASCII passwords", async () => {
    const stored = await hashPassword("pässwörd 🔑", FAST);
    expect(await verifyPassword("pässwörd 🔑", stored)).toBe(true);
    expect(await verifyPassword("passwort 🔑", stored)).toBe(false);
  });

  it("salts every hash, so the same password hashes differently", async () => {
    const first = await hashPassword("same password", FAST);
    const second = await hashPassword("same password", FAST);
    expect(first).not.toBe(second);
    expect(first.split("$")[2]).not.toBe(second.split("$")[2]);
    expect(await verifyPassword("same password", first)).toBe(true);
    expect(await verifyPassword("same password", second)).toBe(true);
  });

  it("refuses iteration counts above the 100,000 cap", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    await expect(hashPassword("secret", 100_001)).rejects.toThrow(/capped at 100000/);
  });

  it("returns false when there is no stored hash", async () => {
    expect(await verifyPassword("anything", null)).toBe(false);
  });

  it("returns false for malformed stored values", async () => {
    const stored = await hashPassword("secret", FAST);
    const [, iterations, salt, hash] = stored.split("$");
    const malformed = [
      "",
      "not a hash",
      `bcrypt$${iterations}$${salt}$${hash}`,
      `pbkdf2-sha256$${iterations}$${salt}`,
      `pbkdf2-sha256$${iterations}$${salt}$${hash}$extra`,
      `pbkdf2-sha256$abc$${salt}$${hash}`,
      `pbkdf2-sha256$0$${salt}$${hash}`,
      `pbkdf2-sha256$-5$${salt}$${hash}`,
      `pbkdf2-sha256$1.5$${salt}$${hash}`,
      `pbkdf2-sha256$${iterations}$$${hash}`,
      `pbkdf2-sha256$${iterations}$${salt}$`,
      `pbkdf2-sha256$${iterations}$!!!not-base64!!!$${hash}`,
    ];
    for (const value of malformed) {
      expect(await verifyPassword("secret", value), value).toBe(false);
    }
  });

  it("returns false when the stored iteration count is above the cap", async () => {
    const stored = await hashPassword("secret", FAST);
    const [scheme, , salt, hash] = stored.split("$");
    expect(await verifyPassword("secret", [scheme, "100001", salt, hash].join("$"))).toBe(false);
  });

  it("returns false when the stored hash or salt was tampered with", async () => {
    const stored = await hashPassword("secret", FAST);
    const [scheme, iterations, salt, hash] = stored.split("$") as [string, string, string, string];

    const hashBytes = Uint8Array.from(atob(hash), (c) => c.charCodeAt(0));
    hashBytes[0] = hashBytes[0]! ^ 0x01;
    const tamperedHash = btoa(String.fromCharCode(...hashBytes));
    expect(await verifyPassword("secret", [scheme, iterations, salt, tamperedHash].join("$"))).toBe(false);

    const truncatedHash = btoa(String.fromCharCode(...hashBytes.slice(0, 16)));
    expect(await verifyPassword("secret", [scheme, iterations, salt, truncatedHash].join("$"))).toBe(false);

    const saltBytes = Uint8Array.from(atob(salt), (c) => c.charCodeAt(0));
    saltBytes[15] = saltBytes[15]! ^ 0x80;
    const tamperedSalt = btoa(String.fromCharCode(...saltBytes));
    expect(await verifyPassword("secret", [scheme, iterations, tamperedSalt, hash].join("$"))).toBe(false);

    // A different iteration count derives a different key.
    expect(await verifyPassword("secret", [scheme, String(FAST + 1), salt, hash].join("$"))).toBe(false);
  });
});

describe("constantTimeEqual", () => {
  it("is true for identical contents", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array(), new Uint8Array())).toBe(true);
  });

  it("is false when any byte differs, first or last", () => {
    expect(constantTimeEqual(new Uint8Array([9, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
  });

  it("is false when lengths differ, even if one is a prefix of the other", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2, 0]), new Uint8Array([1, 2]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([0]), new Uint8Array())).toBe(false);
  });
});
