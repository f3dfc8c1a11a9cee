import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startWorker, type TestWorker } from "../support/worker";

/**
 * Student pages paint without waiting for a second round trip (Slow 3G budget): their HTML carries
 * the stylesheet inline, with the CSP nonce, and links it only at the end of the body.
 */
let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

describe("where a page gets its styles", () => {
  it("inlines the stylesheet in a student page's head, with this response's nonce", async () => {
    const response = await worker.request("/join");
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(`<style nonce="${nonce}" data-inline-css="">`);
    expect(head).toMatch(/\.bg-slate-50\{|\.bg-slate-50 \{/);
    expect(head).not.toMatch(/<link rel="stylesheet"/);
    expect(html.slice(html.indexOf("</head>"))).toMatch(/<link rel="stylesheet" href="\/build\/_assets\/tailwind-[A-Z0-9]+\.css"\/>/);
  });

  it("links the stylesheet in the head of other pages, without inline CSS", async () => {
    const html = await (await worker.request("/login")).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toMatch(/<link rel="stylesheet" href="\/build\/_assets\/tailwind-[A-Z0-9]+\.css"\/>/);
    expect(head).not.toContain("data-inline-css");
  });
});
