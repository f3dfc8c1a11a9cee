import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";

import { sharedBrowser, watchForPageErrors } from "./browser";
import { startWorker, type TestWorker } from "./worker";

export type BrowserSession = {
  worker: TestWorker;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Signs this test's browser in as a seeded account by its session cookie (no page is loaded). */
  signIn: (account: { email: string }) => Promise<void>;
};

/**
 * The end-to-end fixture: one Worker (HTTP, seeded) per file, the worker's one Chromium (sharedBrowser),
 * a fresh browser context per test, optionally signed in. Signing in writes the session cookie directly, as the
 * form would have set it: only the tests of sign-in itself go through the form (shell.test.ts).
 * A console error or an uncaught exception in the page fails the test.
 */
export function browserSession(options: { signInAs?: { email: string }; vars?: () => Record<string, string> } = {}): BrowserSession {
  const session = {} as BrowserSession;
  session.signIn = async (account) => {
    const cookie = await session.worker.sessionCookieFor(account.email);
    await session.context.addCookies([{ ...cookie, url: session.worker.origin, httpOnly: true, sameSite: "Lax" }]);
  };
  let pageErrors: () => string[] = () => [];

  beforeAll(async () => {
    [session.worker, session.browser] = await Promise.all([startWorker({ http: true, vars: options.vars?.() }), sharedBrowser()]);
  });
  afterAll(async () => {
    await session.worker?.dispose();
  });
  beforeEach(async () => {
    session.context = await session.browser.newContext({ baseURL: session.worker.origin, viewport: { width: 1280, height: 900 } });
    session.page = await session.context.newPage();
    pageErrors = watchForPageErrors(session.page);
    if (options.signInAs) await session.signIn(options.signInAs);
  });
  afterEach(async () => {
    const errors = pageErrors();
    await session.context.close();
    expect(errors).toEqual([]);
  });
  return session;
}
