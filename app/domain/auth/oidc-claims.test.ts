import { describe, expect, it } from "vitest";

import { ClaimsError, decodeJwtPayload, emailIsVerified, namesFromClaims, validateIdTokenClaims } from "./oidc-claims";

/** Builds an unsigned JWT with base64url (no padding) segments, as providers send. */
function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function jwt(payload: unknown): string {
  return [base64url(JSON.stringify({ alg: "RS256", typ: "JWT" })), base64url(JSON.stringify(payload)), "signature"].join(".");
}

const ISSUER = "https://id.example.com";
const CLIENT = "client-123";
const NOW = 1_700_000_000;
const expected = { issuer: ISSUER, clientId: CLIENT, nowSeconds: NOW };
const baseClaims = { iss: ISSUER, sub: "user-1", aud: CLIENT, exp: NOW + 300 };

describe("decodeJwtPayload", () => {
  it("decodes a base64url payload that needs - and _ and has no padding", () => {
    // "?>" and "~~~" encode to bytes 0x3f 0x3e / 0x7e..., which base64 renders with "/" and "+".
    const payload = { sub: "a?>b", note: "~~~???>>>", name: "Zoë Ångström", n: 1 };
    const token = jwt(payload);
    const segment = token.split(".")[1]!;
    expect(segment).toMatch(/[-_]/);
    expect(segment).not.toMatch(/[+/=]/);
    expect(segment.length % 4).not.toBe(0);
    expect(decodeJwtPayload(token)).toEqual(payload);
  });

  it("decodes payloads of every padding length", () => {
    for (const name of ["Zoë", "Zoëa", "Zoëab", "Zoëabc"]) {
      expect(decodeJwtPayload(jwt({ name }))).toEqual({ name });
    }
  });

  it("decodes UTF-8 names correctly (not as Latin-1)", () => {
    const decoded = decodeJwtPayload(jwt({ given_name: "Zoë", family_name: "Núñez 李" })) as Record<string, string>;
    expect(decoded.given_name).toBe("Zoë");
    expect(decoded.family_name).toBe("Núñez 李");
  });

  it("throws a ClaimsError when there is no payload segment", () => {
    expect(() => decodeJwtPayload("onlyonepart")).toThrow(ClaimsError);
    expect(() => decodeJwtPayload("")).toThrow(ClaimsError);
    expect(() => decodeJwtPayload("header..sig")).toThrow(ClaimsError);
  });

  it("throws when the payload is not JSON", () => {
    expect(() => decodeJwtPayload(`x.${base64url("not json")}.y`)).toThrow();
  });
});

describe("validateIdTokenClaims", () => {
  it("accepts matching issuer, audience and unexpired token and returns the claims", () => {
    const claims = validateIdTokenClaims({ ...baseClaims, email: "ada@example.org" }, expected);
    expect(claims.sub).toBe("user-1");
    expect(claims.email).toBe("ada@example.org");
  });

  it("tolerates a trailing slash on either issuer", () => {
    expect(() => validateIdTokenClaims({ ...baseClaims, iss: `${ISSUER}/` }, expected)).not.toThrow();
    expect(() => validateIdTokenClaims(baseClaims, { ...expected, issuer: `${ISSUER}/` })).not.toThrow();
  });

  it("accepts an audience array that contains the client id", () => {
    expect(() => validateIdTokenClaims({ ...baseClaims, aud: ["other", CLIENT] }, expected)).not.toThrow();
  });

  it("accepts a token expired by up to 60 seconds (clock-skew leeway)", () => {
    expect(() => validateIdTokenClaims({ ...baseClaims, exp: NOW }, expected)).not.toThrow();
    expect(() => validateIdTokenClaims({ ...baseClaims, exp: NOW - 60 }, expected)).not.toThrow();
  });

  it("rejects a token expired by more than 60 seconds", () => {
    expect(() => validateIdTokenClaims({ ...baseClaims, exp: NOW - 61 }, expected)).toThrow(/expired/);
    expect(() => validateIdTokenClaims({ ...baseClaims, exp: NOW - 3600 }, expected)).toThrow(ClaimsError);
  });

  it("rejects a different issuer", () => {
    expect(() => validateIdTokenClaims({ ...baseClaims, iss: "https://evil.example.com" }, expected)).toThrow(/different identity provider/);
    expect(() => validateIdTokenClaims({ ...baseClaims, iss: `${ISSUER}/tenant` }, expected)).toThrow(ClaimsError);
  });

  it("rejects a different audience, string or array", () => {
    expect(() => validateIdTokenClaims({ ...baseClaims, aud: "someone-else" }, expected)).toThrow(/different application/);
    expect(() => validateIdTokenClaims({ ...baseClaims, aud: ["a", "b"] }, expected)).toThrow(ClaimsError);
    expect(() => validateIdTokenClaims({ ...baseClaims, aud: [] }, expected)).toThrow(ClaimsError);
  });

  it("rejects a missing or empty sub", () => {
    const { sub: _sub, ...withoutSub } = baseClaims;
    expect(() => validateIdTokenClaims(withoutSub, expected)).toThrow(/required claims/);
    expect(() => validateIdTokenClaims({ ...baseClaims, sub: "" }, expected)).toThrow(ClaimsError);
  });

  it("rejects payloads missing other required claims or with wrong types", () => {
    expect(() => validateIdTokenClaims(null, expected)).toThrow(ClaimsError);
    expect(() => validateIdTokenClaims({ ...baseClaims, exp: String(NOW + 300) }, expected)).toThrow(ClaimsError);
    const { iss: _iss, ...withoutIss } = baseClaims;
    expect(() => validateIdTokenClaims(withoutIss, expected)).toThrow(ClaimsError);
  });

  it("works end to end on a decoded token", () => {
    const claims = validateIdTokenClaims(decodeJwtPayload(jwt({ ...baseClaims, name: "Zoë Saldaña" })), expected);
    expect(claims.name).toBe("Zoë Saldaña");
  });
});

describe("emailIsVerified", () => {
  it("treats an absent claim as verified", () => {
    expect(emailIsVerified({})).toBe(true);
    expect(emailIsVerified({ email_verified: undefined })).toBe(true);
  });

  it('accepts true and the string "true"', () => {
    expect(emailIsVerified({ email_verified: true })).toBe(true);
    expect(emailIsVerified({ email_verified: "true" })).toBe(true);
  });

  it('rejects false and the string "false"', () => {
    expect(emailIsVerified({ email_verified: false })).toBe(false);
    expect(emailIsVerified({ email_verified: "false" })).toBe(false);
  });
});

describe("namesFromClaims", () => {
  it("uses given_name and family_name when present", () => {
    expect(namesFromClaims({ given_name: "Zoë", family_name: "Saldaña", name: "Someone Else" })).toEqual({
      firstName: "Zoë",
      lastName: "Saldaña",
    });
  });

  it("uses whichever of given_name / family_name is present, leaving the other null", () => {
    expect(namesFromClaims({ given_name: "Ada", name: "Ada Lovelace" })).toEqual({ firstName: "Ada", lastName: null });
    expect(namesFromClaims({ family_name: "Lovelace" })).toEqual({ firstName: null, lastName: "Lovelace" });
  });

  it("splits a full name into first word and the rest", () => {
    expect(namesFromClaims({ name: "Ada Lovelace" })).toEqual({ firstName: "Ada", lastName: "Lovelace" });
    expect(namesFromClaims({ name: "  Ada   King  Lovelace " })).toEqual({ firstName: "Ada", lastName: "King Lovelace" });
  });

  it("gives only a first name for a one-word name", () => {
    expect(namesFromClaims({ name: "Plato" })).toEqual({ firstName: "Plato", lastName: null });
  });

  it("gives nulls when there is no name at all", () => {
    expect(namesFromClaims({})).toEqual({ firstName: null, lastName: null });
    expect(namesFromClaims({ name: "   " })).toEqual({ firstName: null, lastName: null });
  });

  it("falls back to name when given and family names are empty strings", () => {
    expect(namesFromClaims({ given_name: "", family_name: "", name: "Ada Lovelace" })).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
    });
  });
});
