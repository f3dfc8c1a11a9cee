import type { AppLoadContext } from "@remix-run/cloudflare";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";

import { ClaimsError, decodeJwtPayload, emailIsVerified, idTokenClaimsSchema, namesFromClaims, validateIdTokenClaims } from "~/domain/auth/oidc-claims";
import { upsertOidcUser, type UserRow } from "~/models/users.server";

import type { OidcConfig } from "./config.server";

/**
 * OpenID Connect sign-in (authorization code + PKCE S256) through remix-auth-oauth2, for
 * districts on Google Workspace, Microsoft Entra, Clever or any standard provider.
 */
const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string().url(),
  token_endpoint: z.string().url(),
  userinfo_endpoint: z.string().url().optional(),
});
type Discovery = z.infer<typeof discoverySchema>;

// Provider metadata rarely changes; keep it for the life of the isolate.
const discoveryCache = new Map<string, Promise<Discovery>>();

async function fetchDiscovery(issuer: string): Promise<Discovery> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`The identity provider at ${issuer} did not answer (${response.status}).`);
  return discoverySchema.parse(await response.json());
}

function discover(issuer: string): Promise<Discovery> {
  let pending = discoveryCache.get(issuer);
  if (!pending) {
    pending = fetchDiscovery(issuer);
    discoveryCache.set(issuer, pending);
    pending.catch(() => discoveryCache.delete(issuer));
  }
  return pending;
}

const OIDC_CALLBACK_PATH = "/api/auth/callback";

const userInfoSchema = idTokenClaimsSchema.pick({
  email: true,
  email_verified: true,
  given_name: true,
  family_name: true,
  name: true,
  picture: true,
});

async function fetchUserInfo(endpoint: string | undefined, accessToken: string): Promise<unknown> {
  if (!endpoint) return {};
  const response = await fetch(endpoint, { headers: { Authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new ClaimsError(`The identity provider's userinfo endpoint answered ${response.status}.`);
  return response.json();
}

export async function oidcAuthenticator(context: AppLoadContext, oidc: OidcConfig, request: Request): Promise<Authenticator<UserRow>> {
  const discovery = await discover(oidc.issuer);
  const origin = context.config.appOrigin ?? new URL(request.url).origin;
  const strategy = new OAuth2Strategy<UserRow>(
    {
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint,
      redirectURI: `${origin}${OIDC_CALLBACK_PATH}`,
      scopes: oidc.scopes,
      cookie: {
        name: "__oidc_state",
        httpOnly: true,
        sameSite: "Lax",
        // Secure outside local development (the type only admits `secure: true`).
        ...(context.config.isDevelopment ? {} : { secure: true as const }),
        path: "/",
        maxAge: 600,
      },
    },
    async ({ tokens }) => {
      const claims = validateIdTokenClaims(decodeJwtPayload(tokens.idToken()), {
        issuer: discovery.issuer,
        clientId: oidc.clientId,
        nowSeconds: Math.floor(Date.now() / 1000),
      });
      // Some providers (Clever among them) put the e-mail only in the userinfo answer.
      const identity = claims.email ? claims : userInfoSchema.parse(await fetchUserInfo(discovery.userinfo_endpoint, tokens.accessToken()));
      if (!identity.email) throw new ClaimsError("The identity provider did not share an e-mail address.");
      if (!emailIsVerified(identity)) {
        throw new ClaimsError("The identity provider says this e-mail address is not verified.");
      }
      return upsertOidcUser(context.db, {
        issuer: discovery.issuer,
        subject: claims.sub,
        email: identity.email,
        ...namesFromClaims(identity),
        profileImageUrl: identity.picture ?? null,
      });
    },
  );
  const authenticator = new Authenticator<UserRow>();
  authenticator.use(strategy, "oidc");
  return authenticator;
}
