import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startWorker, type TestWorker } from "../support/worker";

/**
 * A student's second page on a slow network loads no script again: the fingerprinted files under
 * /build (their names change with their contents) may be kept for a year without asking, while
 * pages and unfingerprinted files are asked for again each time (public/_headers).
 */
let worker: TestWorker;
beforeAll(async () => {
  worker = await startWorker();
});
afterAll(() => worker?.dispose());

const IMMUTABLE = "public, max-age=31536000, immutable";

/** The /build files a page links to, as the browser finds them in its HTML. */
async function buildFilesOf(path: string): Promise<string[]> {
  const html = await (await worker.request(path)).text();
  return [...new Set(html.match(/\/build\/[\w./-]+\.(?:js|css)/g) ?? [])];
}

describe("how long a browser may keep what the Worker serves", () => {
  it("lets the browser keep every script and stylesheet the join page loads for a year, without asking again", async () => {
    const files = await buildFilesOf("/join");
    expect(files.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(2);
    expect(files.some((file) => file.endsWith(".css"))).toBe(true);
    for (const file of files) {
      const response = await worker.request(file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get("Cache-Control"), file).toBe(IMMUTABLE);
      // The other header public/_headers gives every static file stays.
      expect(response.headers.get("X-Content-Type-Options"), file).toBe("nosniff");
    }
  });

  it.each(["/", "/join"])("asks for the page %s again every time", async (path) => {
    const response = await worker.request(path);
    expect(response.headers.get("Cache-Control")).not.toContain("immutable");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("revalidates a static file whose name does not change with its contents (the favicon)", async () => {
    const response = await worker.request("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).not.toContain("immutable");
    expect(response.headers.get("Cache-Control")).toMatch(/max-age=0|no-cache/);
  });

  it("does not let a browser keep the answer for a /build file that does not exist", async () => {
    const response = await worker.request("/build/_shared/chunk-NOSUCHFILE.js");
    expect(response.ok).toBe(false);
    expect(response.headers.get("Cache-Control")).not.toContain("immutable");
  });
});
