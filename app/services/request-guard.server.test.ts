import { describe, expect, it } from "vitest";

import { guardRequest, isCrossOriginRequest, isJsonContentType, isStartedByAnotherSite, MAX_BODY_BYTES, MAX_UPLOAD_BYTES } from "./request-guard.server";

const post = (path: string, headers: Record<string, string> = {}, body: BodyInit | null = "{}") =>
  new Request(`https://app.example${path}`, { method: "POST", headers, body, duplex: "half" } as RequestInit);

async function statusOf(request: Request, appOrigin: string | null = null): Promise<number | "pass"> {
  const outcome = await guardRequest(request, appOrigin);
  return "response" in outcome ? outcome.response.status : "pass";
}

describe("isCrossOriginRequest", () => {
  it.each([
    [{}, false],
    [{ "Sec-Fetch-Site": "same-origin" }, false],
    [{ Origin: "https://app.example" }, false],
    [{ "Sec-Fetch-Site": "same-site" }, true],
    [{ "Sec-Fetch-Site": "cross-site" }, true],
    [{ "Sec-Fetch-Site": "none" }, true],
    [{ Origin: "https://evil.app.example" }, true],
    [{ Origin: "https://app.example:8443" }, true],
    [{ Origin: "null" }, true],
    [{ "Sec-Fetch-Site": "same-origin", Origin: "http://app.example" }, true],
  ])("%j → %s", (headers, expected) => {
    expect(isCrossOriginRequest(post("/api/tests", headers), null)).toBe(expected);
  });

  it("uses the configured origin instead of the request URL's", () => {
    expect(isCrossOriginRequest(post("/", { Origin: "https://app.example" }), "https://tests.district.org")).toBe(true);
    expect(isCrossOriginRequest(post("/", { Origin: "https://tests.district.org" }), "https://tests.district.org")).toBe(false);
  });
});

describe("isStartedByAnotherSite", () => {
  it("treats a typed address (Sec-Fetch-Site: none) as the user's own, unlike the POST rule", () => {
    const get = (headers: Record<string, string>) => new Request("https://app.example/api/logout", { headers });
    expect(isStartedByAnotherSite(get({ "Sec-Fetch-Site": "none" }), null)).toBe(false);
    expect(isStartedByAnotherSite(get({ "Sec-Fetch-Site": "same-origin" }), null)).toBe(false);
    expect(isStartedByAnotherSite(get({}), null)).toBe(false);
    expect(isStartedByAnotherSite(get({ "Sec-Fetch-Site": "same-site" }), null)).toBe(true);
    expect(isStartedByAnotherSite(get({ "Sec-Fetch-Site": "cross-site" }), null)).toBe(true);
    expect(isStartedByAnotherSite(get({ Origin: "https://evil.example" }), null)).toBe(true);
  });
});

describe("isJsonContentType", () => {
  it.each([
    ["application/json", true],
    ["Application/JSON; charset=utf-8", true],
    ["application/vnd.api+json", true],
    ["application/merge-patch+json; charset=UTF-8", true],
    ["text/plain", false],
    ["application/x-www-form-urlencoded", false],
    ["multipart/form-data; boundary=x", false],
    ["text/json", false],
    ["application/jsonp", false],
    [null, false],
  ])("%s → %s", (type, expected) => {
    expect(isJsonContentType(type)).toBe(expected);
  });
});

describe("guardRequest", () => {
  it("answers OPTIONS itself with 204 and Allow", async () => {
    const outcome = await guardRequest(new Request("https://app.example/admin", { method: "OPTIONS" }), null);
    expect("response" in outcome && outcome.response.status).toBe(204);
    expect("response" in outcome && outcome.response.headers.get("Allow")).toContain("POST");
  });

  it("refuses a non-JSON body on /api with 415 but lets a form through to a screen", async () => {
    expect(await statusOf(post("/api/tests", { "Content-Type": "text/plain" }))).toBe(415);
    expect(await statusOf(post("/login", { "Content-Type": "application/x-www-form-urlencoded" }, "a=1"))).toBe("pass");
  });

  it("lets an empty /api body through with no content type", async () => {
    expect(await statusOf(post("/api/sessions/1/complete", {}, null))).toBe("pass");
  });

  it("refuses a body over the limit by Content-Length and by counting a stream", async () => {
    const big = "x".repeat(MAX_BODY_BYTES + 1);
    expect(await statusOf(post("/api/tests", { "Content-Type": "application/json" }, big))).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let sent = 0; sent <= MAX_BODY_BYTES; sent += 64 * 1024) controller.enqueue(new Uint8Array(64 * 1024));
        controller.close();
      },
    });
    expect(await statusOf(post("/api/tests", { "Content-Type": "application/json" }, stream))).toBe(413);
  });

  it("lets the roster upload take multipart up to its own, larger limit, and nothing else", async () => {
    const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
    expect(await statusOf(post("/api/roster/oneroster", multipart, "x".repeat(MAX_BODY_BYTES + 1)))).toBe("pass");
    expect(await statusOf(post("/api/roster/oneroster", multipart, "x".repeat(MAX_UPLOAD_BYTES + 1)))).toBe(413);
    expect(await statusOf(post("/api/roster/oneroster", { "Content-Type": "application/json" }, "{}"))).toBe(415);
    expect(await statusOf(post("/api/tests", multipart, "x"))).toBe(415);
  });

  it("answers 400, not a crash, when the body stream fails mid-way", async () => {
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error("connection reset"));
      },
    });
    expect(await statusOf(post("/api/tests", { "Content-Type": "application/json" }, broken))).toBe(400);
  });

  it("passes a body at the limit on, still readable", async () => {
    const body = JSON.stringify({ text: "x".repeat(MAX_BODY_BYTES - 20) });
    const outcome = await guardRequest(post("/api/questions", { "Content-Type": "application/json" }, body), null);
    expect("request" in outcome && (await outcome.request.text()).length).toBe(body.length);
  });

  it("answers 403 JSON on /api and HTML on screens to a foreign origin", async () => {
    const api = await guardRequest(post("/api/tests", { Origin: "https://evil.example" }), null);
    expect("response" in api && api.response.headers.get("Content-Type")).toMatch(/json/);
    const screen = await guardRequest(post("/login", { Origin: "https://evil.example" }), null);
    expect("response" in screen && screen.response.status).toBe(403);
    expect("response" in screen && screen.response.headers.get("Content-Type")).toMatch(/html/);
  });
});
