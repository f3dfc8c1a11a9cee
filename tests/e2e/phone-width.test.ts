import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { saveScreenshot, watchForPageErrors } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/**
 * No page scrolls sideways on a 390 px phone: every admin page (the sidebar's, and the pages of
 * records found through the seeded data and a generated demo class) and every student page (both
 * join steps, the test page, the results), each with data. A wide table may scroll inside its own
 * box; nothing else may reach past the screen's edge, and nothing fits by being squeezed (a long
 * heading in a sliver of the screen, a word broken over two lines).
 */
const session = browserSession({ signInAs: demoAccounts.admin });
const PHONE = { width: 390, height: 844 };

type Overflow = { scrollWidth: number; offenders: string[] };

/** The page's width and the visible elements that reach past the right edge, outside a box that scrolls sideways. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate((viewport) => {
    const scrollsSideways = (element: Element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
    const insideScroller = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (scrollsSideways(parent)) return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const rect = element.getBoundingClientRect();
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.className).split(" ").slice(0, 3).join(".")} [${Math.round(rect.left)}–${Math.round(rect.right)}] "${text}"`;
    };
    const elements = [...document.body.querySelectorAll("*")];
    const tooWide = elements.filter((element) => {
      const rect = element.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false;
      return rect.right > viewport + 1 && !insideScroller(element);
    });
    // Fitting by squeezing is no better: a long heading in a sliver, a single word broken over lines.
    const squeezed = elements.filter((element) => {
      if (!/^H[1-3]$/.test(element.tagName) || (element.textContent ?? "").trim().length < 40) return false;
      const { width } = element.getBoundingClientRect();
      return width > 0 && width < viewport / 2;
    });
    const brokenWords = elements.filter((element) => {
      if (element.children.length || !/^[A-Za-z]{4,}$/.test((element.textContent ?? "").trim())) return false;
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getClientRects().length > 1;
    });
    const offenders = [
      ...tooWide.map(describe),
      ...squeezed.map((element) => `squeezed: ${describe(element)}`),
      ...brokenWords.map((element) => `word broken: ${describe(element)}`),
    ];
    return { scrollWidth: document.documentElement.scrollWidth, offenders: offenders.slice(0, 8) };
  }, PHONE.width);
}

/** Measures the page and saves its screenshot; answers what does not fit (nothing, when it all fits). */
async function overflowOf(page: Page, name: string): Promise<(Overflow & { page: string })[]> {
  await page.waitForLoadState("networkidle");
  await saveScreenshot(page, `phone-${name}`);
  const overflow = await measure(page);
  return overflow.scrollWidth > PHONE.width || overflow.offenders.length ? [{ page: name, ...overflow }] : [];
}

const slug = (path: string) =>
  path
    .replace(/^\//, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/-+$/, "") || "home";

describe("every page at phone width (390 px)", () => {
  it("admin pages, with data", async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    const overflows: Awaited<ReturnType<typeof overflowOf>> = [];
    const demo = await page.request.post("/api/analytics/seed-demo", { data: {} });
    expect(demo.status()).toBe(202);
    const { cohort, test, poll } = (await demo.json()) as { cohort: { id: string }; test: { id: string }; poll: string };
    await expect
      .poll(async () => ((await (await page.request.get(poll)).json()) as { status: string }).status, { timeout: 60_000, interval: 250 })
      .toBe("succeeded");
    const sessions = (await (await page.request.get(`/api/sessions?cohortId=${cohort.id}`)).json()) as { id: string; completed: boolean }[];
    const completed = sessions.find((row) => row.completed)!;

    // The sidebar's pages, as a teacher reaches them.
    await page.goto("/admin");
    const sidebarPaths = await page
      .locator('a[href^="/admin"]')
      .evaluateAll((links) => [...new Set(links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))]);
    expect(sidebarPaths.length).toBeGreaterThan(10);
    const recordPaths = [
      "/admin",
      "/admin/ai-grading",
      `/admin/tests/${test.id}/edit`,
      `/admin/ai-grading/${completed.id}`,
      `/admin/analytics?cohortId=${cohort.id}&testConfigId=${test.id}`,
      `/admin/sessions?cohortId=${cohort.id}`,
      `/results/${completed.id}`,
    ];
    for (const path of new Set([...sidebarPaths, ...recordPaths])) {
      await page.goto(path);
      overflows.push(...(await overflowOf(page, `admin-${slug(path)}`)));
    }
    // The test editor's other tabs.
    await page.goto(`/admin/tests/${test.id}/edit`);
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
      await page.goto("/join");
      overflows.push(...(await overflowOf(page, "student-join-code")));
      await page.getByLabel("Join code").fill("DEMOCLASS");
      await page.getByLabel("Join code").press("Enter");
      await page.getByLabel("Student ID").waitFor();
      overflows.push(...(await overflowOf(page, "student-join-details")));
      await page.getByLabel("Your Name").fill("Maximiliana Featherstonehaugh-Worthington");
      await page.getByLabel("Student ID").fill("PHONE-WIDTH-1");
      await page.getByLabel("Student ID").press("Enter");
      await page.getByLabel("Student ID").waitFor({ state: "detached" });
      // Every screen on the way to the first question (a mode to choose, a start screen, where there
      // are any), each measured, then the question itself.
      for (let step = 1; step <= 4; step++) {
        overflows.push(...(await overflowOf(page, `student-start-${step}`)));
        if (await page.getByTestId("question-text").count()) break;
        const mode = page.getByRole("radio").first();
        if ((await mode.count()) && !(await mode.isChecked())) await mode.check();
        const onward = page.getByRole("button", { name: /^(start|begin|continue)/i }).first();
        if (!(await onward.count())) break;
        // Wait for the screen it leads to: measuring (or clicking) before it replaced this one races the navigation.
        const pressed = await onward.elementHandle();
        await onward.click();
        await pressed?.waitForElementState("hidden");
      }
      await page.getByTestId("question-text").waitFor();
      const sessionId = new URL(page.url()).searchParams.get("session");
      expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
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
