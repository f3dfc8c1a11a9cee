import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

describe("GET /api/auth/user", () => {
  it("answers 401 when signed out", async () => {
    const response = await worker.request("/api/auth/user");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Sign in required" });
  });

  it("returns the signed-in user's role and profile", async () => {
    const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    const response = await worker.request("/api/auth/user", { jar });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      role: "admin",
      firstName: "Demo",
      lastName: "Admin",
      email: demoAccounts.admin.email,
      profileImageUrl: null,
    });
  });
});

const formPost = (body: Record<string, string>, clientAddress = "192.0.2.1") => ({
  method: "POST",
  body: new URLSearchParams({ intent: "sign-in", ...body }),
  headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": clientAddress },
});

describe("local sign-in", () => {
  it("GET /api/login leads to the sign-in form when no OIDC issuer is configured", async () => {
    const response = await worker.request("/api/login");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    const form = await worker.request("/login");
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain('name="email"');
    expect(html).toContain('name="password"');
  });

  it("signs in with the right password and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const response = await worker.request("/login", formPost({ email: demoAccounts.admin.email, password: demoAccounts.admin.password }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith("__session="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Local development serves plain http, so the cookie is not Secure there.
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("accepts the e-mail in any case and with surrounding spaces", async () => {
    const response = await worker.request("/login", formPost({ email: `  ${demoAccounts.admin.email.toUpperCase()} `, password: demoAccounts.admin.password }));
    expect(response.status).toBe(302);
  });

  it("refuses a wrong password and an unknown e-mail with the same generic message and no session", async () => {
    for (const attempt of [
      { email: demoAccounts.admin.email, password: "not-the-password" },
      { email: "nobody@example.com", password: "whatever" },
    ]) {
      const response = await worker.request("/login", formPost(attempt));
      expect(response.status).toBe(401);
      expect(await response.text()).toContain("Invalid email or password.");
      expect(response.headers.getSetCookie().some((header) => header.startsWith("__session="))).toBe(false);
    }
  });

  it("rejects a malformed form with a 400 and a clear message", async () => {
    const response = await worker.request("/login", formPost({ email: "", password: "" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Email is required");
  });

  it("slows an address down after five failures, even with the right password, and says for how long", async () => {
    const email = demoAccounts.student.email;
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await worker.request("/login", formPost({ email, password: `wrong-${attempt}` }, `198.51.100.${attempt}`));
      expect(response.status).toBe(401);
    }
    const held = await worker.request("/login", formPost({ email, password: demoAccounts.student.password }, "198.51.100.99"));
    // Five failures set a one-second delay; on a very slow machine it may already be over.
    if (held.status === 429) expect(await held.text()).toMatch(/Too many sign-in attempts\. Try again in 1 second\./);
    else expect(held.status).toBe(302);
  });

  it("returns to a same-site path after sign-in and ignores other origins", async () => {
    const back = await worker.request("/login", formPost({ email: demoAccounts.admin.email, password: demoAccounts.admin.password, returnTo: "/admin/tests" }));
    expect(back.headers.get("Location")).toBe("/admin/tests");
    const evil = await worker.request(
      "/login",
      formPost({ email: demoAccounts.admin.email, password: demoAccounts.admin.password, returnTo: "//evil.example" }),
    );
    expect(evil.headers.get("Location")).toBe("/");
  });

  it.each(["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/a/..//evil.example", "/\\evil.example"])(
    "never sends the browser to another host after sign-in (returnTo=%s)",
    async (returnTo) => {
      const response = await worker.request("/login", formPost({ email: demoAccounts.admin.email, password: demoAccounts.admin.password, returnTo }));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    },
  );
});

describe("sign-out", () => {
  it("GET /api/logout clears the session and returns to /", async () => {
    const jar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
    expect((await worker.request("/api/auth/user", { jar })).status).toBe(200);
    const response = await worker.request("/api/logout", { jar });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(jar.get("__session")).toBeUndefined();
    expect((await worker.request("/api/auth/user", { jar })).status).toBe(401);
    const home = await worker.request("/", { jar });
    expect(await home.text()).toContain("Sign In to Continue");
  });
});
