import { describe, expect, it } from "vitest";

import { contentSecurityPolicy, createNonce, securityHeaders, withSecurityHeaders } from "./security-headers.server";

describe("createNonce", () => {
  it("gives 128 random bits, different every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows scripts only from our origin or with the nonce, and locks down framing, base and forms", () => {
    const csp = contentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("style-src 'self' 'nonce-abc123'");
    expect(csp).not.toMatch(/style-src [^;]*'unsafe-inline'/);
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' https:");
    for (const directive of ["object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
  });
});

describe("securityHeaders", () => {
  it("sends HSTS only outside development", () => {
    expect(securityHeaders({ nonce: "n", isDevelopment: true })["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ nonce: "n", isDevelopment: false })["Strict-Transport-Security"]).toMatch(/^max-age=31536000/);
  });

  it("sets them on a response whose headers are immutable, keeping status, body and headers", async () => {
    const redirect = Response.redirect("https://app.example/", 302);
    const secured = withSecurityHeaders(redirect, { nonce: "n", isDevelopment: false });
    expect(secured.status).toBe(302);
    expect(secured.headers.get("Location")).toBe("https://app.example/");
    expect(secured.headers.get("Cache-Control")).toBe("no-store");

    const json = withSecurityHeaders(new Response('{"a":1}', { status: 404, headers: { "Content-Type": "application/json" } }), {
      nonce: "n",
      isDevelopment: true,
    });
    expect(json.status).toBe(404);
    expect(json.headers.get("Content-Type")).toBe("application/json");
    expect(await json.text()).toBe('{"a":1}');
    expect(json.headers.get("X-Frame-Options")).toBe("DENY");
  });
});
