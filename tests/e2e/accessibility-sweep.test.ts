import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";

import { type AccessibilityViolation, auditAccessibility, type Impact, seriousOnes } from "../support/axe";
import { ARTIFACTS_DIR, saveScreenshot, waitForHydration, watchForPageErrors } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { sidewaysOverflow, textClippedBySpacing } from "../support/reflow";
import { adminPaths, generateDemoClass, joinAndStart, slug } from "../support/screens";
import { demoAccounts } from "../support/worker";

/**
 * WCAG 2.2 AA, the part a machine can check, on every screen as an auditor would go through it:
 * every admin page (the sidebar's, the district admin's, one record of each kind) and every
 * student page, empty and with data, each dialog open and then with its field errors showing, at
 * 1280 px and at 390 px. axe-core (its WCAG 2.x A/AA rules, 2.2's 24 px target size among them)
 * may find nothing serious or critical; the moderate and minor findings are listed in
 * test-results/axe-moderate.json for the conformance report. Beside axe: the page reflows at 320
 * px (1280 at 400 %, WCAG 1.4.10), text spacing cuts no text (1.4.12), every page names its
 * language (3.1.1), and a reduced-motion preference stops transitions and animations (2.3.3).
 *
 * One Worker and one browser; the demo class is generated once; pages are reached by Remix's own
 * client-side navigation and resized rather than loaded again for each width (the file stays
 * near a minute on CI's two cores). The pages audited are written to test-results/axe-audited.json.
 */
const session = browserSession({ signInAs: demoAccounts.admin });
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** 1280 px at 400 % zoom. */
const REFLOW = { width: 320, height: 640 };

/**
 * The pages that show a class's sessions or students, empty before the demo class is generated
 * (the seeded tests, questions, competencies and class fill the others either way).
 */
const EMPTY_PATHS = ["/admin", "/admin/sessions", "/admin/students", "/admin/analytics", "/admin/ai-grading", "/admin/audit"];

/** The buttons that open a dialog to create, add, import or edit (a row's Edit: the first one only). */
const DIALOG_TRIGGER = /^(New|Add|Create|Import|Edit|Manage|QR code|Test this question)\b/;
/** Those whose dialog starts empty: submitted as it is, its field errors show. */
const EMPTY_FORM = /^(New|Add|Create|Import)\b/;

const serious: string[] = [];
const others = new Map<string, { rule: string; impact: Impact; page: string; count: number }>();
const rulesRun = new Set<string>();
/** Every page, dialog, state and width audited: the list the conformance report cites. */
const audited: string[] = [];
const problems: string[] = [];

afterAll(() => {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const rows = [...others.values()].sort((a, b) => a.rule.localeCompare(b.rule) || a.page.localeCompare(b.page));
  writeFileSync(join(ARTIFACTS_DIR, "axe-moderate.json"), `${JSON.stringify(rows, null, 2)}\n`);
  writeFileSync(join(ARTIFACTS_DIR, "axe-audited.json"), `${JSON.stringify(audited, null, 2)}\n`);
});

/** Each test answers for its own screens (the moderate findings are kept for the report). */
function forgetFindings() {
  serious.length = 0;
  problems.length = 0;
}

function record(where: string, violations: AccessibilityViolation[]) {
  serious.push(...seriousOnes(violations).map((line) => `${where}: ${line}`));
  for (const violation of violations) {
    if (violation.impact === "serious" || violation.impact === "critical") continue;
    const key = `${violation.rule} ${where}`;
    const row = others.get(key) ?? { rule: violation.rule, impact: violation.impact, page: where, count: 0 };
    row.count += violation.targets.length;
    others.set(key, row);
  }
}

async function audit(page: Page, where: string) {
  audited.push(where);
  const { violations, rulesRun: rules } = await auditAccessibility(page);
  rules.forEach((rule) => rulesRun.add(rule));
  record(where, violations);
  if (seriousOnes(violations).length) await saveScreenshot(page, `axe-${slug(where)}`);
}

/** Audits the page at both widths, ending at 1280 px (a dialog is opened once and audited at both). */
async function auditBothWidths(page: Page, where: string) {
  await page.setViewportSize(PHONE);
  await audit(page, `${where} @390`);
  await page.setViewportSize(DESKTOP);
  await audit(page, `${where} @1280`);
}

/** Opens each kind of dialog the page offers, audits it, then (an empty form) submits it and audits its errors. */
async function auditDialogs(page: Page, where: string) {
  const triggers = page.getByRole("button", { name: DIALOG_TRIGGER });
  const names = await triggers.evaluateAll((buttons) =>
    buttons
      .filter((button) => (button as HTMLButtonElement).type === "button" && (button as HTMLElement).offsetParent)
      .map((button) => button.getAttribute("aria-label") ?? button.textContent!.trim()),
  );
  const kinds = new Map<string, string>();
  for (const name of names) {
    const kind = /^(Edit|QR code)\b/.exec(name)?.[0] ?? name;
    if (!kinds.has(kind)) kinds.set(kind, name);
  }
  for (const name of kinds.values()) {
    await page.getByRole("button", { name, exact: true }).first().click();
    const dialog = page.locator("dialog[open]");
    if (
      !(await dialog.waitFor({ timeout: 2_000 }).then(
        () => true,
        () => false,
      ))
    )
      continue;
    await settled(page);
    await auditBothWidths(page, `${where} dialog "${name}"`);
    const submit = dialog.locator('button[type="submit"]');
    if (EMPTY_FORM.test(name) && (await submit.count())) {
      // The app's own messages are what is audited, not the browser's validation bubbles.
      await dialog.locator("form").evaluateAll((forms) => forms.forEach((form) => ((form as HTMLFormElement).noValidate = true)));
      // Dispatched rather than clicked: right after the viewport changes width, a click's wait for
      // the button to hold still once timed out after 30 s on a loaded machine. What is audited
      // here is the app's error messages, and the button's own click handling submits the form.
      await submit.first().dispatchEvent("click");
      await dialog
        .locator('[aria-invalid="true"], [role="alert"], [aria-live] > *')
        .first()
        .waitFor({ timeout: 3_000 })
        .catch(() => problems.push(`${where} dialog "${name}": no error shown for an empty form`));
      await settled(page);
      await auditBothWidths(page, `${where} dialog "${name}" errors`);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached", timeout: 2_000 }).catch(() => dialog.waitFor({ state: "hidden" }));
  }
}

type RemixWindow = {
  __remixRouter: { navigate: (path: string) => Promise<void>; state: { navigation: { state: string }; fetchers: Map<string, { state: string }> } };
};

/**
 * Goes to a page as a click on a link would, without loading a new document: axe, injected once,
 * stays, and the sweep spends its time checking rather than loading. A fresh document is loaded
 * only when there is no Remix page yet.
 */
async function visit(page: Page, path: string) {
  if (await page.evaluate(() => "__remixRouter" in window)) {
    await page.evaluate((path) => (window as unknown as RemixWindow).__remixRouter.navigate(path), path);
  } else {
    await page.goto(path);
    await waitForHydration(page);
  }
}

/** The page is done: no navigation or fetcher under way, nothing marked busy (a list still loading). */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as Partial<RemixWindow>).__remixRouter;
    if (!router) return false;
    const { state } = router;
    return (
      state.navigation.state === "idle" &&
      [...state.fetchers.values()].every((fetcher) => fetcher.state === "idle") &&
      !document.querySelector('[aria-busy="true"]')
    );
  });
}

/**
 * Everything checked on one screen as it stands: its language, axe at both widths (with its
 * dialogs), and its layout: text spacing and reflow.
 */
async function checkScreen(page: Page, name: string, { dialogs = false, layout = true } = {}) {
  await page.setViewportSize(DESKTOP);
  await settled(page);
  if (!(await page.evaluate(() => document.documentElement.lang))) problems.push(`${name}: <html> has no lang`);
  await audit(page, `${name} @1280`);
  const clipped = layout ? await textClippedBySpacing(page) : [];
  if (clipped.length) problems.push(`${name}: text spacing clips ${clipped.join("; ")}`);
  await page.setViewportSize(PHONE);
  await audit(page, `${name} @390`);
  if (layout) {
    await page.setViewportSize(REFLOW);
    const overflow = await sidewaysOverflow(page, REFLOW.width);
    if (overflow.scrollWidth > REFLOW.width || overflow.offenders.length) {
      problems.push(`${name} @320: ${overflow.scrollWidth} px wide; ${overflow.offenders.join("; ")}`);
      await saveScreenshot(page, `reflow-${slug(name)}`);
    }
  }
  await page.setViewportSize(DESKTOP);
  if (dialogs) await auditDialogs(page, name);
}

describe("accessibility sweep (WCAG 2.2 AA, automated)", () => {
  it("admin pages empty (no sessions yet), then with a demo class's data, every dialog open and with errors", async () => {
    const { page } = session;
    forgetFindings();
    for (const path of EMPTY_PATHS) {
      await visit(page, path);
      await checkScreen(page, `empty ${path}`, { layout: false });
    }
    const demo = await generateDemoClass(page);
    for (const path of [...(await adminPaths(page, demo)), "/admin/no-such-page"]) {
      await visit(page, path);
      await checkScreen(page, path, { dialogs: true });
      // A page's other tabs (the test editor's sections, with their dialogs, and its timers).
      for (const tab of (await page.getByRole("tab").all()).slice(1)) {
        const name = await tab.innerText();
        await tab.click();
        await checkScreen(page, `${path} tab ${name}`, { dialogs: true });
      }
    }
    expect({ serious, problems }).toEqual({ serious: [], problems: [] });
    // The 24 px target size is WCAG 2.2's; make sure axe checked it, not merely that it found nothing.
    expect(rulesRun).toContain("target-size");
    // Each dialog opened (a dozen kinds, at two widths): a trigger renamed must not quietly shrink the sweep.
    expect(audited.filter((where) => where.includes(" dialog ")).length).toBeGreaterThan(40);
  }, 240_000);

  it("student pages: sign-in, both join steps with their errors, the test and the results", async () => {
    const student = await session.browser.newContext({ baseURL: session.worker.origin, viewport: DESKTOP });
    const page = await student.newPage();
    const pageErrors = watchForPageErrors(page);
    forgetFindings();
    try {
      await page.goto("/login");
      await checkScreen(page, "/login");
      await page.goto("/no-such-page");
      await checkScreen(page, "signed out /no-such-page");
      await page.goto("/join");
      await page.getByLabel("Join code").fill("NOSUCHCODE");
      await page.getByLabel("Join code").press("Enter");
      await page.locator('[aria-invalid="true"]').waitFor();
      await checkScreen(page, "/join code error");
      const sessionId = await joinAndStart(page, { name: "Maximiliana Featherstonehaugh-Worthington", id: "A11Y-SWEEP-1" }, async (screen) => {
        if (screen === "join-details") {
          // Its errors first: the details step submitted empty.
          await page.locator("form").evaluateAll((forms) => forms.forEach((form) => ((form as HTMLFormElement).noValidate = true)));
          await page.getByLabel("Student ID").press("Enter");
          await page.locator('[aria-invalid="true"], [role="alert"]').first().waitFor();
          await checkScreen(page, "/join details errors");
        }
        await checkScreen(page, `/join ${screen}`);
      });
      const completed = await page.request.post(`/api/sessions/${sessionId}/complete`, { data: {} });
      expect(completed.status()).toBe(200);
      await page.goto(`/results/${sessionId}`);
      await checkScreen(page, "/results");
      expect(serious).toEqual([]);
      expect(problems).toEqual([]);
      expect(pageErrors()).toEqual([]);
    } finally {
      await student.close();
    }
  }, 90_000);

  it("a reduced-motion preference turns transitions and animations off", async () => {
    const { page } = session;
    await page.goto("/admin");
    // A spinner as the job progress shows one (components/job-progress.tsx), beside a button.
    const motion = () =>
      page.evaluate(() => {
        const spinner = document.body.appendChild(Object.assign(document.createElement("span"), { className: "animate-spin" }));
        const button = document.querySelector(".btn-primary, .btn-outline, .btn-ghost")!;
        const seconds = (value: string) => Math.max(...value.split(",").map((each) => parseFloat(each) * (each.trim().endsWith("ms") ? 0.001 : 1)));
        const result = { animation: seconds(getComputedStyle(spinner).animationDuration), transition: seconds(getComputedStyle(button).transitionDuration) };
        spinner.remove();
        return result;
      });
    const normal = await motion();
    expect(normal.animation).toBeGreaterThan(0.1);
    expect(normal.transition).toBeGreaterThan(0.05);
    await page.emulateMedia({ reducedMotion: "reduce" });
    const reduced = await motion();
    expect(reduced.animation).toBeLessThanOrEqual(0.001);
    expect(reduced.transition).toBeLessThanOrEqual(0.001);
  });
});
