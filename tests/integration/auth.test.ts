import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, clientFor } from "../support/api";
import { decodeQuotedPrintable, emailStub } from "../support/email-stub";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
/** The EMAIL binding's local stub: invitations here are e-mailed (ADR 0040). */
const mailbox = emailStub();
beforeAll(async () => {
  worker = await startWorker({ email: mailbox });
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

describe("invitations and resets: a link sets a password once (ADR 0040)", () => {
  let admin: ApiClient;
  beforeAll(async () => {
    ({ client: admin } = await clientFor(worker, demoAccounts.admin.email));
  });

  const setUp = (path: string, password: string) =>
    worker.request(path, {
      method: "POST",
      body: new URLSearchParams({ intent: "set-up", password }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
  const signInStatus = async (address: string, password: string, clientAddress: string) =>
    (await worker.request("/login", formPost({ email: address, password }, clientAddress))).status;

  it("e-mails the link through the EMAIL binding; the link sets up the account, signs its holder in on their classes, and is then gone (410)", async () => {
    const invited = await admin.post("/api/users/invitations", { email: "ivy@school.example", role: "teacher", givenName: "Ivy" });
    expect(invited.status).toBe(201);
    expect(invited.data.emailed).toBe(true);
    const sent = mailbox.sent.find((message) => message.to === "ivy@school.example")!;
    expect(sent.from).toBe("no-reply@localhost");
    expect(sent.raw).toMatch(/^From: no-reply@localhost\r\nTo: ivy@school.example\r\nSubject: Set up your Adaptive Testing Engine account\r\n/);
    expect(decodeQuotedPrintable(sent.raw.slice(sent.raw.indexOf("\r\n\r\n") + 4))).toContain(invited.data.url);
    const path = new URL(invited.data.url).pathname;

    const page = await worker.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Set up your account");
    expect(html).toContain('name="password"');

    const short = await setUp(path, "short");
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Password must be at least 12 characters");

    const done = await setUp(path, "a long enough password");
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/cohorts");
    const session = done.headers.getSetCookie().find((header) => header.startsWith("__session="))!;
    const me = await worker.request("/api/auth/user", { headers: { Cookie: session.split(";")[0]! } });
    expect(await me.json()).toMatchObject({ email: "ivy@school.example", role: "teacher", firstName: "Ivy" });
    expect(await signInStatus("ivy@school.example", "a long enough password", "192.0.2.60")).toBe(302);

    expect((await worker.request(path)).status).toBe(410);
    const again = await setUp(path, "another long password");
    expect(again.status).toBe(410);
    expect(await signInStatus("ivy@school.example", "another long password", "192.0.2.61")).toBe(401);
    expect((await admin.get("/api/users/invitations")).data).toContainEqual(expect.objectContaining({ email: "ivy@school.example", state: "accepted" }));
    const accepted = await worker.d1.prepare("select actor_email from audit_log where action = 'account.invitation_accepted'").first("actor_email");
    expect(accepted).toBe("ivy@school.example");
  });

  it("an expired link is gone (410) and sets nothing", async () => {
    const invited = (await admin.post("/api/users/invitations", { email: "late@school.example", role: "teacher" })).data;
    await worker.d1
      .prepare("update invitations set expires_at = ? where id = ?")
      .bind(Date.now() - 1000, invited.id)
      .run();
    const path = new URL(invited.url).pathname;
    const page = await worker.request(path);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain("This link can no longer be used");
    expect(html).not.toContain('name="password"');
    expect((await setUp(path, "a long enough password")).status).toBe(410);
    expect(await worker.d1.prepare("select count(*) as n from users where email = 'late@school.example'").first("n")).toBe(0);
    expect((await worker.request("/invite/not-a-token")).status).toBe(410);
  });

  it("an invitation to a OneRoster teacher's address (an account with no password) sets up that account", async () => {
    const id = crypto.randomUUID();
    await worker.d1
      .prepare(
        "insert into users (id, email, first_name, last_name, role, source_id) values (?, 'rostered@school.example', 'Rosa', 'Ster', 'teacher', 'usr-9')",
      )
      .bind(id)
      .run();
    const invited = (await admin.post("/api/users/invitations", { email: "rostered@school.example", role: "teacher" })).data;
    expect((await setUp(new URL(invited.url).pathname, "a long enough password")).status).toBe(302);
    const account = await worker.d1
      .prepare("select id, role, first_name, password_hash is not null as has_password from users where email = 'rostered@school.example'")
      .first();
    expect(account).toEqual({ id, role: "teacher", first_name: "Rosa", has_password: 1 });
  });

  it("a reset link: the old password works until the new one is set, then only the new one does, and earlier sessions end", async () => {
    const invited = (await admin.post("/api/users/invitations", { email: "reset-me@school.example", role: "teacher" })).data;
    const firstSession = (await setUp(new URL(invited.url).pathname, "the first long password")).headers
      .getSetCookie()
      .find((header) => header.startsWith("__session="))!;
    const asFirstSession = () => worker.request("/api/auth/user", { headers: { Cookie: firstSession.split(";")[0]! } });
    expect((await asFirstSession()).status).toBe(200);
    const id = (await worker.d1.prepare("select id from users where email = 'reset-me@school.example'").first<{ id: string }>())!.id;
    const reset = await admin.post(`/api/users/${id}/reset-sign-in`);
    expect(reset.status).toBe(201);
    expect(mailbox.sent.filter((message) => message.to === "reset-me@school.example")).toHaveLength(2);
    expect(await signInStatus("reset-me@school.example", "the first long password", "192.0.2.70")).toBe(302);
    const page = await worker.request(new URL(reset.data.url).pathname);
    expect(await page.text()).toContain("Choose a new password");
    expect((await asFirstSession()).status).toBe(200);
    const secondSession = (await setUp(new URL(reset.data.url).pathname, "the second long password")).headers
      .getSetCookie()
      .find((header) => header.startsWith("__session="))!;
    expect((await asFirstSession()).status).toBe(401);
    expect((await worker.request("/api/auth/user", { headers: { Cookie: secondSession.split(";")[0]! } })).status).toBe(200);
    expect(await signInStatus("reset-me@school.example", "the first long password", "192.0.2.71")).toBe(401);
    expect(await signInStatus("reset-me@school.example", "the second long password", "192.0.2.72")).toBe(302);
    expect(await worker.d1.prepare("select role from users where id = ?").bind(id).first("role")).toBe("teacher");
  });
});
