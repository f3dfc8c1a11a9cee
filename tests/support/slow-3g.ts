import type { BrowserContext, Page } from "playwright-core";

/**
 * Chrome's "Slow 3G" profile as the DevTools protocol takes it: 400 kbit/s (50,000 bytes a
 * second) each way and a 2 s round trip added to every request. the design's budget: the first
 * question is visible within 3 s of navigation on it.
 */
export const SLOW_3G = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
export const FIRST_QUESTION_BUDGET_MS = 3000;
const NO_THROTTLING = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/**
 * A signed-out student joins DEMOCLASS and starts its test on the normal network; answers the
 * test page's path (with its session) that the student then reloads on the slow one.
 */
export async function startDemoTestAsStudent(page: Page, studentId: string): Promise<string> {
  await page.goto("/join?code=DEMOCLASS");
  await page.getByLabel("Your Name").fill("Slow Network");
  await page.getByLabel("Student ID").fill(studentId);
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.getByRole("heading", { name: "Before You Begin" }).waitFor();
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.waitForURL(/\/test\/[^/?]+\?session=[0-9a-f-]{36}$/);
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/**
 * Loads `path` in a new page of `context` on emulated Slow 3G and answers when the first
 * question's text was painted, in ms from navigation start. The time comes from the Element
 * Timing API: a script the page runs before its own HTML marks the question's elements as they
 * are parsed, before their first paint (no change to the product's markup).
 */
export async function questionPaintOnSlow3g(context: BrowserContext, path: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.addInitScript(() => {
      new MutationObserver(() => {
        const question = document.querySelector('[data-testid="question-text"]');
        if (question) for (const element of [question, ...question.querySelectorAll("*")]) element.setAttribute("elementtiming", "question-text");
      }).observe(document, { childList: true, subtree: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_3G);
    await page.goto(path, { waitUntil: "commit", timeout: 30_000 });
    await page.getByTestId("question-text").waitFor({ timeout: 30_000 });
    const paint = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntries().find((candidate) => (candidate as PerformanceEntry & { identifier: string }).identifier === "question-text");
            if (entry) resolve((entry as PerformanceEntry & { renderTime: number }).renderTime);
          }).observe({ type: "element", buffered: true });
        }),
    );
    await cdp.send("Network.emulateNetworkConditions", NO_THROTTLING);
    return paint;
  } finally {
    await page.close();
  }
}

export type CriticalPath = {
  /** The question's text as the server's HTML shows it (read with JavaScript off). */
  questionText: string;
  /** Everything before the question in the document that holds up its paint. */
  renderBlockingBeforeQuestion: string[];
  /** Resources Chrome itself reports as render-blocking (PerformanceResourceTiming.renderBlockingStatus). */
  renderBlockingResources: { url: string; bytes: number }[];
  /** The document as it crossed the network: headers and the compressed body. */
  documentBytes: number;
};

/**
 * What the first paint of a page with JavaScript off waits for. A classic `<script src>` without
 * async or defer, a stylesheet link (for every media) and an `@import` block rendering of what
 * follows them; a web font without `font-display: swap` or `optional` hides text until it loads.
 */
export async function criticalPathOf(page: Page): Promise<CriticalPath> {
  return page.evaluate(() => {
    const question = document.querySelector('[data-testid="question-text"]');
    const before = (element: Element) => !!question && !!(element.compareDocumentPosition(question) & Node.DOCUMENT_POSITION_FOLLOWING);
    const blocking: string[] = [];
    for (const script of document.querySelectorAll<HTMLScriptElement>("script[src]")) {
      if (before(script) && !script.async && !script.defer && script.type !== "module") blocking.push(`script ${script.src}`);
    }
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet"]')) {
      if (before(link) && !link.disabled) blocking.push(`stylesheet ${link.href}`);
    }
    for (const style of document.querySelectorAll("style")) {
      if (!before(style)) continue;
      const css = style.textContent ?? "";
      if (/@import\b/.test(css)) blocking.push("@import in an inline <style>");
      for (const fontFace of css.match(/@font-face\s*{[^}]*}/g) ?? []) {
        if (!/font-display:\s*(swap|optional)/.test(fontFace)) blocking.push(`a web font that hides text while it loads: ${fontFace.slice(0, 80)}`);
      }
    }
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType("resource") as (PerformanceResourceTiming & { renderBlockingStatus?: string })[];
    return {
      questionText: (question as HTMLElement | null)?.innerText.trim() ?? "",
      renderBlockingBeforeQuestion: blocking,
      renderBlockingResources: resources
        .filter((resource) => resource.renderBlockingStatus === "blocking")
        .map((resource) => ({ url: resource.name, bytes: resource.transferSize })),
      documentBytes: navigation.transferSize,
    };
  });
}
