import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { CookieJar } from "../support/cookie-jar";
import { startWorker, type TestWorker } from "../support/worker";

/**
 * A full OpenID Connect sign-in against a real local identity provider (oauth2-mock-server on
 * 127.0.0.1): discovery, authorization code + PKCE S256, token exchange, ID token claims.
 */
const CLIENT_ID = "ate-test-client";
let provider: OAuth2Server;
let worker: TestWorker;
let claims: Record<string, unknown>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  const { port } = provider.address();
  // The mock names itself "localhost" unless told otherwise.
  provider.issuer.url = `http://127.0.0.1:${port}`;
  provider.service.on("beforeTokenSigning", (token) => {
    Object.assign(token.payload, claims);
  });
  worker = await startWorker({
    vars: {
      OIDC_ISSUER: provider.issuer.url,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: "test-secret",
      ADMIN_EMAILS: "principal@district.example",
    },
  });
});
afterAll(async () => {
  await worker?.dispose();
  await provider?.stop();
});
afterEach(() => {
  claims = {};
});

/** Browser-like: /api/login → provider → /api/auth/callback, following redirects by hand. */
async function signInThroughProvider(jar: CookieJar, loginPath = "/api/login"): Promise<Response> {
  const start = await worker.request(loginPath, { jar });
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get("Location")!);
  expect(authorizeUrl.origin).toBe(provider.issuer.url);
  expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorizeUrl.searchParams.get("code_challenge")).toBeTruthy();
  expect(authorizeUrl.searchParams.get("client_id")).toBe(CLIENT_ID);

  const consent = await fetch(authorizeUrl, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get("Location")!);
  expect(callback.pathname).toBe("/api/auth/callback");
  return worker.request(`${callback.pathname}${callback.search}`, { jar });
}

describe("OIDC sign-in", () => {
  it("sends /login to the identity provider instead of showing the password form", async () => {
    const response = await worker.request("/login");
    expect(response.headers.get("Location")).toBe("/api/login");
  });

  it("creates the user on first sign-in and signs them in", async () => {
    claims = {
      sub: "teacher-1",
      email: "Teacher.One@District.example",
      email_verified: true,
      given_name: "Ada",
      family_name: "Lovelace",
      picture: "https://images.district.example/ada.png",
    };
    const jar = new CookieJar();
    const done = await signInThroughProvider(jar);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");

    const user = await (await worker.request("/api/auth/user", { jar })).json();
    expect(user).toEqual({
      role: "student",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "teacher.one@district.example",
      profileImageUrl: "https://images.district.example/ada.png",
    });
    const row = await worker.d1
      .prepare("select oidc_subject, password_hash from users where email = ?")
      .bind("teacher.one@district.example")
      .first<{ oidc_subject: string; password_hash: string | null }>();
    expect(row).toEqual({ oidc_subject: "teacher-1", password_hash: null });
  });

  it("makes ADMIN_EMAILS accounts admins and returns to the page they asked for", async () => {
    claims = { sub: "principal-1", email: "principal@district.example", name: "Grace Brewster Hopper" };
    const jar = new CookieJar();
    const done = await signInThroughProvider(jar, "/api/login?returnTo=%2Fadmin%2Ftests");
    expect(done.headers.get("Location")).toBe("/admin/tests");
    const user = (await (await worker.request("/api/auth/user", { jar })).json()) as Record<string, string>;
    expect(user.role).toBe("admin");
    expect(user.firstName).toBe("Grace");
    expect(user.lastName).toBe("Brewster Hopper");
  });

  it("keeps one account per identity when the provider changes the e-mail", async () => {
    const countUsers = async () => (await worker.d1.prepare("select count(*) as n from users").first<{ n: number }>())?.n;
    claims = { sub: "teacher-2", email: "old.name@district.example" };
    await signInThroughProvider(new CookieJar());
    const before = await countUsers();
    claims = { sub: "teacher-2", email: "new.name@district.example" };
    const jar = new CookieJar();
    await signInThroughProvider(jar);
    expect(await countUsers()).toBe(before);
    const user = (await (await worker.request("/api/auth/user", { jar })).json()) as Record<string, string>;
    expect(user.email).toBe("new.name@district.example");
  });

  it("refuses an address the provider marks unverified", async () => {
    claims = { sub: "someone-else", email: "principal@district.example", email_verified: false };
    const jar = new CookieJar();
    const done = await signInThroughProvider(jar);
    expect(done.status).toBe(302);
    expect(jar.get("__session")).toBeDefined(); // carries only the error toast
    expect((await worker.request("/api/auth/user", { jar })).status).toBe(401);
    const page = await (await worker.request("/", { jar })).text();
    expect(page).toContain("not verified");
  });

  it("refuses a callback whose state does not match the one it issued", async () => {
    const jar = new CookieJar();
    await worker.request("/api/login", { jar });
    const forged = await worker.request("/api/auth/callback?code=stolen&state=forged", { jar });
    expect(forged.status).toBe(302);
    expect((await worker.request("/api/auth/user", { jar })).status).toBe(401);
  });
});
