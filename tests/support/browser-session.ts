import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";

import { launchBrowser, watchForPageErrors } from "./browser";
import { startWorker, type TestWorker } from "./worker";

export type BrowserSession = { worker: TestWorker; browser: Browser; context: BrowserContext; page: Page };

/**
 * The end-to-end fixture: one Worker (HTTP, seeded) and one Chromium per file, a fresh browser
 * context per test, optionally signed in through the real form. A console error or an uncaught
 * exception in the page fails the test (DESIGN.md "Style to follow").
 */
export function browserSession(options: { signInAs?: { email: string; password: string } } = {}): BrowserSession {
  const session = {} as BrowserSession;
  let pageErrors: () => string[] = () => [];

  beforeAll(async () => {
    [session.worker, session.browser] = await Promise.all([startWorker({ http: true }), launchBrowser()]);
  });
  afterAll(async () => {
    await session.browser?.close();
    await session.worker?.dispose();
  });
  beforeEach(async () => {
    session.context = await session.browser.newContext({ baseURL: session.worker.origin, viewport: { width: 1280, height: 900 } });
    session.page = await session.context.newPage();
    pageErrors = watchForPageErrors(session.page);
    if (options.signInAs) await signInThroughForm(session.page, options.signInAs.email, options.signInAs.password);
  });
  afterEach(async () => {
    const errors = pageErrors();
    await session.context.close();
    expect(errors).toEqual([]);
  });
  return session;
}

/** Signs in on /login as a person would and waits for the signed-in shell. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("sidebar").waitFor();
}
