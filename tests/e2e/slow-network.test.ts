import { describe, expect, it } from "vitest";

import { browserSession } from "../support/browser-session";
import { criticalPathOf, questionPaintOnSlow3g, startDemoTestAsStudent } from "../support/slow-3g";

/**
 * the design's budget: the first question is visible within 3 s on Chrome's "Slow 3G" profile
 * (400 kbit/s = 50,000 bytes a second, 2 s added to every request). A wall time depends on the
 * machine, so it is measured by `npm run bench:slow3g`; this test asserts what makes it reachable.
 *
 * - The document's own request costs the first 2 s. A second request before the paint (a
 *   stylesheet, a classic script in the head) would cost 2 s more and miss 3 s on its own: so
 *   nothing render-blocking may come before the question, and it must be in the server's HTML.
 * - The 1 s left carries 50,000 bytes; half of it is kept for the server, parsing, style,
 *   layout and paint. So what must arrive before the first paint, the document as it crosses
 *   the network (all of it: an upper bound on its part before the question) plus anything
 *   render-blocking, is held to 25,000 bytes.
 */
const BYTES_BEFORE_FIRST_PAINT = 25_000;

const session = browserSession();

describe("the first question on Slow 3G", () => {
  it("is in the server's HTML with nothing render-blocking before it, and its bytes fit the budget", async () => {
    const { page, context, browser, worker } = session;
    const testPage = await startDemoTestAsStudent(page, `slow-${Date.now()}`);
    const shown = (await page.getByTestId("question-text").innerText()).trim();

    // The same student's page with JavaScript off: what the server's HTML paints before any script runs.
    const noScript = await browser.newContext({ baseURL: worker.origin, javaScriptEnabled: false, storageState: await context.storageState() });
    try {
      const html = await noScript.newPage();
      await html.goto(testPage);
      const critical = await criticalPathOf(html);
      expect(critical.questionText).toBe(shown);
      expect(critical.renderBlockingBeforeQuestion).toEqual([]);
      expect(critical.renderBlockingResources).toEqual([]);
      const bytes = critical.documentBytes + critical.renderBlockingResources.reduce((sum, resource) => sum + resource.bytes, 0);
      console.log(`bytes before the first paint: ${bytes} (budget ${BYTES_BEFORE_FIRST_PAINT})`);
      expect(bytes).toBeGreaterThan(0);
      expect(bytes).toBeLessThanOrEqual(BYTES_BEFORE_FIRST_PAINT);
    } finally {
      await noScript.close();
    }

    // The journey itself on emulated Slow 3G: the question appears; its time is printed, not asserted.
    const paint = await questionPaintOnSlow3g(context, testPage);
    console.log(`first question painted at ${Math.round(paint)} ms on emulated Slow 3G (npm run bench:slow3g measures it)`);
  }, 60_000);
});
