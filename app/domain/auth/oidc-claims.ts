import { z } from "zod";

/**
 * Checks an ID token's claims. The token comes straight from the provider's token endpoint
 * over TLS in exchange for our code and secret, which OpenID Connect Core 3.1.3.7 accepts in
 * place of a signature check; the issuer, audience and expiry are still verified here.
 */
export const idTokenClaimsSchema = z.object({
  iss: z.string(),
  sub: z.string().min(1),
  aud: z.union([z.string(), z.array(z.string())]),
  exp: z.number(),
  email: z.string().email().optional(),
  email_verified: z.union([z.boolean(), z.enum(["true", "false"])]).optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().url().optional(),
});
type IdTokenClaims = z.infer<typeof idTokenClaimsSchema>;

export class ClaimsError extends Error {
  override name = "ClaimsError";
}

export function decodeJwtPayload(token: string): unknown {
  const payload = token.split(".")[1];
  if (!payload) throw new ClaimsError("The identity provider returned a malformed ID token.");
  const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

export function validateIdTokenClaims(payload: unknown, expected: { issuer: string; clientId: string; nowSeconds: number }): IdTokenClaims {
  const parsed = idTokenClaimsSchema.safeParse(payload);
  if (!parsed.success) throw new ClaimsError("The identity provider returned an ID token without the required claims.");
  const claims = parsed.data;
  if (trimSlash(claims.iss) !== trimSlash(expected.issuer)) {
    throw new ClaimsError("The ID token was issued by a different identity provider.");
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) throw new ClaimsError("The ID token is for a different application.");
  // One minute of leeway for clock skew between us and the provider.
  if (claims.exp + 60 < expected.nowSeconds) throw new ClaimsError("The ID token has expired.");
  return claims;
}

/** An address the provider says is unverified must not unlock an account (or admin rights). */
export function emailIsVerified(claims: Pick<IdTokenClaims, "email_verified">): boolean {
  return claims.email_verified === undefined || claims.email_verified === true || claims.email_verified === "true";
}

/** Splits "Ada Lovelace" when the provider gives only a full name. */
export function namesFromClaims(claims: Pick<IdTokenClaims, "given_name" | "family_name" | "name">): {
  firstName: string | null;
  lastName: string | null;
} {
  if (claims.given_name || claims.family_name) {
    return { firstName: claims.given_name ?? null, lastName: claims.family_name ?? null };
  }
  const [first, ...rest] = (claims.name ?? "").trim().split(/\s+/).filter(Boolean);
  return { firstName: first ?? null, lastName: rest.length ? rest.join(" ") : null };
}
