import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";

import { type Browser, chromium, type Page } from "playwright-core";

/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). Flags keep it quiet
 * on a machine with no internet; playwright gives each launch a fresh profile.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const ARTIFACTS_DIR = join(process.cwd(), "test-results");

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install Debian's Chromium with ` +
        "`sudo apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * The one Chromium of this vitest worker: the e2e project keeps loaded modules from one file to
 * the next (isolate: false), so every file the worker runs shares it, each test in a context of its
 * own (browser-session.ts). Playwright closes it when the worker's process ends.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on("disconnected", () => (shared = undefined));
    return browser;
  });
  return shared;
}

/**
 * Collects what would be a bug on a page: uncaught exceptions and console errors. A browser's
 * own "Failed to load resource" line for a deliberate 401/404 page is not one.
 */
export function watchForPageErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(`console.error: ${message.text()}`);
    }
  });
  return () => errors;
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Waits until Remix has hydrated the page: before that, a control works as plain HTML only (a
 * filter that applies as you type does nothing yet), so a test typing earlier races the page.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => "__remixRouter" in window);
}
