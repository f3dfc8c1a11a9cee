import { type IncomingHttpHeaders, request as httpRequest } from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { count } from "../support/api";
import type { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * The edge checks of ADR 0005, each reproduced as the security probe found it: forged
 * cross-origin requests, non-JSON bodies on the API, oversized bodies, OPTIONS, GET with a
 * body, cross-site sign-out, and the security headers on every kind of response.
 */
let worker: TestWorker;
let admin: CookieJar;
beforeAll(async () => {
  worker = await startWorker({ http: true });
  admin = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
});
afterAll(() => worker?.dispose());

const APP_ORIGIN = "http://localhost";
const EVIL_ORIGIN = "http://evil.localhost:1234";
const question = {
  text: "<p>Is 7 prime?</p>",
  type: "multiple_choice",
  difficulty: "easy",
  options: [
    { text: "Yes", isCorrect: true, score: 1 },
    { text: "No", isCorrect: false, score: 0 },
  ],
};

/** A POST with the admin's cookie, as a browser form or fetch on another page would send it. */
function forgedPost(path: string, headers: Record<string, string>, body: BodyInit = JSON.stringify(question)) {
  return worker.request(path, { method: "POST", jar: admin, headers: { "Content-Type": "text/plain", ...headers }, body });
}

describe("state-changing requests from another origin (CSRF)", () => {
  it.each([
    ["a foreign Origin", { Origin: EVIL_ORIGIN }],
    ["Sec-Fetch-Site: same-site (a sibling subdomain or port)", { "Sec-Fetch-Site": "same-site" }],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Origin: null (a sandboxed frame)", { Origin: "null" }],
  ])("refuses a text/plain POST /api/questions with %s: 403 JSON, nothing written", async (_, headers) => {
    const before = await count(worker, "questions");
    const response = await forgedPost("/api/questions", headers);
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(((await response.json()) as { message: string }).message).toMatch(/Cross-origin request refused/);
    expect(await count(worker, "questions")).toBe(before);
  });

  it("refuses login CSRF: a cross-site POST /login?_data=routes/login gets 403 and no session cookie", async () => {
    const response = await worker.request("/login?_data=routes%2Flogin", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://attacker.example", "Sec-Fetch-Site": "cross-site" },
      body: new URLSearchParams({ intent: "sign-in", email: demoAccounts.admin.email, password: demoAccounts.admin.password }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
    // A screen gets a small HTML page, not Remix's 500.
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("Cross-origin request refused");
  });

  it("accepts the same sign-in from the app's own origin (over real HTTP, as a browser sends it)", async () => {
    const form = new URLSearchParams({ intent: "sign-in", email: demoAccounts.admin.email, password: demoAccounts.admin.password }).toString();
    const response = await rawRequest(
      "POST",
      "/login",
      { "Content-Type": "application/x-www-form-urlencoded", Origin: worker.origin, "Sec-Fetch-Site": "same-origin" },
      form,
    );
    expect(response.status).toBe(302);
    expect(String(response.headers["set-cookie"])).toMatch(/__session=/);
  });

  it("honours APP_ORIGIN: the configured public origin is the app's own, the request URL's is not", async () => {
    const configured = await startWorker({ vars: { APP_ORIGIN: "https://tests.district.example" } });
    try {
      const jar = await configured.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
      const post = (origin: string) =>
        configured.request("/api/questions", {
          method: "POST",
          jar,
          headers: { "Content-Type": "application/json", Origin: origin },
          body: JSON.stringify(question),
        });
      expect((await post("http://localhost")).status).toBe(403);
      expect((await post("https://tests.district.example")).status).toBe(201);
    } finally {
      await configured.dispose();
    }
  });
});

describe("JSON APIs require a JSON content type", () => {
  it("answers 415 JSON to a non-browser text/plain POST and writes nothing", async () => {
    const before = await count(worker, "questions");
    const response = await forgedPost("/api/questions", {});
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toMatch(/Content-Type: application\/json/);
    expect(await count(worker, "questions")).toBe(before);
  });

  it.each(["application/json; charset=utf-8", "application/vnd.ate.question+json"])("accepts %s from the same origin", async (type) => {
    const response = await worker.request("/api/questions", {
      method: "POST",
      jar: admin,
      headers: { "Content-Type": type, Origin: APP_ORIGIN, "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify(question),
    });
    expect(response.status).toBe(201);
  });

  it("needs no content type for an empty body", async () => {
    const jar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    const response = await worker.request("/api/logout", { method: "POST", jar });
    expect(response.status).toBe(302);
  });
});

describe("request body size", () => {
  const big = "x".repeat(1024 * 1024 + 1);

  it("answers 413 JSON when Content-Length is over the limit", async () => {
    const response = await worker.request("/api/questions", { method: "POST", jar: admin, headers: { "Content-Type": "application/json" }, body: big });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/too large/);
  });

  it("answers 413 to a streamed body with no Content-Length, counting as it reads", async () => {
    const response = await rawRequest("POST", "/api/questions", { "Content-Type": "application/json", Cookie: admin.header() }, big, { chunked: true });
    expect(response.status).toBe(413);
    expect(response.body).toMatch(/too large/);
  });

  it("answers 413 as a page on a screen action", async () => {
    const response = await worker.request("/login", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: big });
    expect(response.status).toBe(413);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
  });
});

describe("OPTIONS and GET with a body", () => {
  it.each(["/", "/admin/question-bank", "/api/questions"])("answers OPTIONS %s with 204 and Allow, running no loader", async (path) => {
    const response = await worker.request(path, { method: "OPTIONS", jar: admin });
    expect(response.status).toBe(204);
    expect(response.headers.get("Allow")).toContain("GET");
    expect(await response.text()).toBe("");
  });

  it.each([
    ["/admin/question-bank", /<html/],
    ["/api/questions", /^\[/],
  ])("answers GET %s normally when the request carries a body", async (path, shape) => {
    const response = await rawRequest("GET", path, { Cookie: admin.header(), "Content-Type": "application/json" }, '{"ignored":true}');
    expect(response.status).toBe(200);
    expect(response.body).toMatch(shape);
  });
});

describe("GET /api/logout started by another site", () => {
  it.each([
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site" }],
    ["a foreign Origin", { Origin: EVIL_ORIGIN }],
  ])("does not sign out on %s; it offers a Sign out button instead", async (_, headers) => {
    const jar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    const response = await worker.request("/api/logout", { jar, headers });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    const page = await response.text();
    expect(page).toContain('<form method="post" action="/api/logout">');
    expect(page).toContain('<a href="/">');
    expect((await worker.request("/api/auth/user", { jar })).status).toBe(200);
  });

  it.each([
    ["the sidebar link (same-origin navigation)", { "Sec-Fetch-Site": "same-origin" }],
    ["a typed address (Sec-Fetch-Site: none)", { "Sec-Fetch-Site": "none" }],
    ["a client without those headers", {}],
  ])("signs out on %s", async (_, headers) => {
    const jar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    const response = await worker.request("/api/logout", { jar, headers });
    expect(response.status).toBe(302);
    expect((await worker.request("/api/auth/user", { jar })).status).toBe(401);
  });

  it("signs out on the page's same-origin POST, and refuses a cross-site one", async () => {
    const jar = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    const refused = await worker.request("/api/logout", { method: "POST", jar, headers: { Origin: EVIL_ORIGIN } });
    expect(refused.status).toBe(403);
    expect((await worker.request("/api/auth/user", { jar })).status).toBe(200);

    const response = await worker.request("/api/logout", {
      method: "POST",
      jar,
      headers: { Origin: APP_ORIGIN, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(302);
    expect((await worker.request("/api/auth/user", { jar })).status).toBe(401);
  });
});

describe("security headers on every response the Worker produces", () => {
  const expectSecured = (response: Response) => {
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    for (const directive of ["frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'", "form-action 'self'"]) expect(csp).toContain(directive);
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  };

  it.each([
    ["an HTML page", "/", undefined, 200],
    ["a JSON 200", "/api/auth/user", "admin", 200],
    ["a JSON 401", "/api/auth/user", undefined, 401],
    ["a JSON 404", "/api/no-such-route", undefined, 404],
    ["a redirect", "/api/login", undefined, 302],
  ] as const)("on %s", async (_, path, who, status) => {
    const response = await worker.request(path, { jar: who ? admin : undefined });
    expect(response.status).toBe(status);
    expectSecured(response);
  });

  it("on the edge's own refusals (403, 413, 415)", async () => {
    expectSecured(await forgedPost("/api/questions", { Origin: EVIL_ORIGIN }));
    expectSecured(await forgedPost("/api/questions", {}));
    expectSecured(await worker.request("/login", { method: "POST", headers: { "Content-Length": String(2 ** 21) }, body: "x".repeat(2 ** 21) }));
  });

  it("gives every inline script on a page this response's nonce, and a fresh nonce per response", async () => {
    const first = await worker.request("/login");
    const nonce = /'nonce-([^']+)'/.exec(first.headers.get("Content-Security-Policy") ?? "")?.[1];
    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const second = await worker.request("/login");
    expect(second.headers.get("Content-Security-Policy")).not.toContain(nonce);
  });

  it("sends no HSTS in development", async () => {
    expect((await worker.request("/")).headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("sends HSTS in production, also on the configuration-error 500", async () => {
    const production = await startWorker({ vars: { ENVIRONMENT: "production", SESSION_SECRET: "s".repeat(40) }, seed: false });
    const misconfigured = await startWorker({ vars: { ENVIRONMENT: "production" }, seed: false });
    try {
      const page = await production.request("/");
      expect(page.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expectSecured(page);
      const broken = await misconfigured.request("/");
      expect(broken.status).toBe(500);
      expect(broken.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expectSecured(broken);
    } finally {
      await Promise.all([production.dispose(), misconfigured.dispose()]);
    }
  });

  it("leaves static assets to the assets layer, with nosniff from public/_headers", async () => {
    const response = await worker.request("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await worker.request("/_headers")).status).not.toBe(200);
  });
});

/**
 * A raw HTTP/1.1 request to the Worker's port, for what fetch() refuses to send: a GET with a
 * body, or a chunked body with no Content-Length.
 */
function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  options: { chunked?: boolean } = {},
): Promise<{ status: number; body: string; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, worker.origin);
    // A fresh connection each time (agent: false): the Worker leaves an unread GET body behind.
    const request = httpRequest(
      url,
      { agent: false, method, headers: options.chunked ? headers : { ...headers, "Content-Length": Buffer.byteLength(body) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
      },
    );
    request.on("error", reject);
    if (options.chunked) {
      // Several writes without Content-Length: node sends Transfer-Encoding: chunked.
      for (let offset = 0; offset < body.length; offset += 64 * 1024) request.write(body.slice(offset, offset + 64 * 1024));
    } else {
      request.write(body);
    }
    request.end();
  });
}
