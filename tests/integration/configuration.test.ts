import { afterEach, describe, expect, it } from "vitest";

import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker | undefined;
afterEach(async () => {
  await worker?.dispose();
  worker = undefined;
});

describe("deployment configuration", () => {
  it("refuses to serve in production without SESSION_SECRET, saying what to set", async () => {
    worker = await startWorker({ vars: { ENVIRONMENT: "production" }, seed: false });
    const response = await worker.request("/");
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("SESSION_SECRET is not set");
  });

  it("uses Secure session cookies in production", async () => {
    worker = await startWorker({ vars: { ENVIRONMENT: "production", SESSION_SECRET: "x".repeat(40) } });
    const response = await worker.request("/login", {
      method: "POST",
      body: new URLSearchParams({ intent: "sign-in", email: demoAccounts.admin.email, password: demoAccounts.admin.password }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(302);
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith("__session="));
    expect(cookie).toMatch(/; Secure/i);
  });

  it("refuses half an OIDC configuration instead of silently falling back to passwords", async () => {
    worker = await startWorker({ vars: { OIDC_ISSUER: "https://accounts.example.com" }, seed: false });
    const response = await worker.request("/api/login");
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET together");
  });

  it("makes the accounts listed in ADMIN_EMAILS admins", async () => {
    worker = await startWorker({ vars: { ADMIN_EMAILS: `someone@else.org, ${demoAccounts.student.email.toUpperCase()}` } });
    const jar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    const user = (await (await worker.request("/api/auth/user", { jar })).json()) as { role: string };
    expect(user.role).toBe("admin");
  });
});
