import { describe, expect, it } from "vitest";

import { browserSession } from "../support/browser-session";

/**
 * DESIGN.md's budget: the first question is visible within 3 s on Chrome's "Slow 3G" profile
 * (400 kbit/s, a 2 s round trip; the floor is about 2.2 s), emulated through the DevTools protocol.
 * The question is in the server's HTML and the student page inlines its stylesheet, so its first
 * contentful paint is the first question.
 */
const session = browserSession();

const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };

describe("the first question on Slow 3G", () => {
  it("is painted within 3 s of navigation", async () => {
    const { page, context } = session;
    // Join the demo class as a signed-out student and start the test (fast network), then load the test page slowly.
    await page.goto("/join?code=DEMOCLASS");
    await page.getByLabel("Your Name").fill("Slow Network");
    await page.getByLabel("Student ID").fill(`slow-${Date.now()}`);
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.getByRole("heading", { name: "Before You Begin" }).waitFor();
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.waitForURL(/\/test\/[^/?]+\?session=[0-9a-f-]{36}$/);
    const testPage = new URL(page.url());

    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
    await page.goto(`${testPage.pathname}${testPage.search}`, { waitUntil: "commit", timeout: 30_000 });
    await page.getByTestId("question-text").waitFor({ timeout: 30_000 });
    const paint = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const entry = performance.getEntriesByName("first-contentful-paint")[0];
          if (entry) return resolve(entry.startTime);
          new PerformanceObserver((list) => resolve(list.getEntriesByName("first-contentful-paint")[0]!.startTime)).observe({ type: "paint", buffered: true });
        }),
    );
    console.log(`first question painted at ${Math.round(paint)} ms on emulated Slow 3G`);
    expect(paint).toBeLessThanOrEqual(3000);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  }, 60_000);
});
