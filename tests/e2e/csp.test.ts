import { describe, expect, it } from "vitest";

import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/**
 * The Content-Security-Policy (ADR 0005) is really in force in Chromium, and the app runs under
 * it: Remix hydrates (its inline scripts carry the nonce) and no violation is reported. The
 * fixture fails a test on any console error, which is how Chromium reports a violation.
 */
const session = browserSession({ signInAs: demoAccounts.admin });

describe("the Content-Security-Policy in the browser", () => {
  it("lets the app's own scripts hydrate pages with no violation", async () => {
    const violations: string[] = [];
    await session.page.exposeFunction("reportViolation", (text: string) => violations.push(text));
    await session.page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    for (const path of ["/", "/admin/question-bank", "/admin/tests", "/admin/competencies"]) {
      const response = await session.page.goto(path);
      expect(response?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
      // Remix's client router exists only if its nonce'd inline module script ran.
      await session.page.waitForFunction(() => "__remixRouter" in window);
    }
    expect(violations).toEqual([]);
  });

  it("blocks an inline script without the nonce, and Chromium reports it as a console error", async () => {
    // Its own context: the violation is the point here, so the fixture's error watch stays out of it.
    const context = await session.browser.newContext({ baseURL: session.worker.origin });
    try {
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on("console", (message) => message.type() === "error" && consoleErrors.push(message.text()));
      await page.goto("/");
      const blocked = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            document.addEventListener("securitypolicyviolation", (event) => resolve(event.violatedDirective), { once: true });
            const script = document.createElement("script");
            script.textContent = "window.injectedRan = true";
            document.body.appendChild(script);
          }),
      );
      expect(blocked).toMatch(/^script-src/);
      expect(await page.evaluate(() => "injectedRan" in window)).toBe(false);
      // What makes every other e2e test a CSP check: a violation is a console error.
      expect(consoleErrors.join("\n")).toMatch(/Content Security Policy/);
    } finally {
      await context.close();
    }
  });
});
