import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { saveScreenshot, watchForPageErrors } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { type Overflow, sidewaysOverflow } from "../support/reflow";
import { adminPaths, generateDemoClass, joinAndStart, slug } from "../support/screens";
import { demoAccounts } from "../support/worker";

/**
 * No page scrolls sideways on a 390 px phone: every admin page (the sidebar's, the district
 * admin's, and the pages of records found through the seeded data and a generated demo class) and
 * every student page (both join steps, the test page, the results), each with data. A wide table
 * may scroll inside its own box; nothing else may reach past the screen's edge, and nothing fits
 * by being squeezed (a long heading in a sliver of the screen, a word broken over two lines).
 */
const session = browserSession({ signInAs: demoAccounts.admin });
const PHONE = { width: 390, height: 844 };

/** Measures the page and saves its screenshot; answers what does not fit (nothing, when it all fits). */
async function overflowOf(page: Page, name: string): Promise<(Overflow & { page: string })[]> {
  await page.waitForLoadState("networkidle");
  await saveScreenshot(page, `phone-${name}`);
  const overflow = await sidewaysOverflow(page, PHONE.width);
  return overflow.scrollWidth > PHONE.width || overflow.offenders.length ? [{ page: name, ...overflow }] : [];
}

describe("every page at phone width (390 px)", () => {
  it("admin pages, with data", async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    const overflows: Awaited<ReturnType<typeof overflowOf>> = [];
    const demo = await generateDemoClass(page);
    for (const path of await adminPaths(page, demo)) {
      await page.goto(path);
      overflows.push(...(await overflowOf(page, `admin-${slug(path)}`)));
    }
    // The test editor's other tabs.
    await page.goto(`/admin/tests/${demo.testId}/edit`);
    for (const tab of await page.getByRole("tab").all()) {
      const name = await tab.innerText();
      await tab.click();
      overflows.push(...(await overflowOf(page, `admin-test-edit-${slug(name)}`)));
    }
    expect(overflows).toEqual([]);
  }, 120_000);

  it("student pages: both join steps, the test and the results", async () => {
    const student = await session.browser.newContext({ baseURL: session.worker.origin, viewport: PHONE });
    const page = await student.newPage();
    const pageErrors = watchForPageErrors(page);
    const overflows: Awaited<ReturnType<typeof overflowOf>> = [];
    try {
      const sessionId = await joinAndStart(page, { name: "Maximiliana Featherstonehaugh-Worthington", id: "PHONE-WIDTH-1" }, async (screen) => {
        overflows.push(...(await overflowOf(page, `student-${screen}`)));
      });
      const completed = await page.request.post(`/api/sessions/${sessionId}/complete`, { data: {} });
      expect(completed.status()).toBe(200);
      await page.goto(`/results/${sessionId}`);
      overflows.push(...(await overflowOf(page, "student-results")));
      expect(overflows).toEqual([]);
      expect(pageErrors()).toEqual([]);
    } finally {
      await student.close();
    }
  }, 60_000);
});
