import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot, watchForPageErrors } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/**
 * A student joins their class on a phone, signed out: from the QR code's
 * URL, by typing the code, and with JavaScript turned off. Accessibility is checked on both steps.
 */
const session = browserSession();
const PHONE = { width: 390, height: 844 };
const TEST_PAGE = /\/test\/[^/?]+\?session=[0-9a-f-]{36}$/;
/** The test page before a session: the mode and 'Before You Begin' (ADR 0014). */
const BEFORE_YOU_BEGIN = /\/test\/[^/?]+$/;

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text }).waitFor();

async function fillDetails(page: Page, name: string, studentId: string) {
  await page.getByLabel("Your Name").fill(name);
  await page.getByLabel("Student ID").fill(studentId);
}

/** Step 2's Start Test leads to 'Before You Begin'; the student's own Start Test starts the session. */
async function startFromBeforeYouBegin(page: Page) {
  await page.waitForURL(BEFORE_YOU_BEGIN);
  await page.getByRole("heading", { name: "Before You Begin" }).waitFor();
  await page.getByRole("button", { name: "Start Test" }).click();
  await page.waitForURL(TEST_PAGE);
}

describe("joining a class (signed out, phone size)", () => {
  it("from the QR code's URL: step 2 at once, then 'Before You Begin', and the session starts on the student's own Start Test", async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    await page.goto("/join?code=DEMOCLASS");
    const heading = page.getByRole("heading", { level: 1 });
    expect(await heading.innerText()).toMatch(/^Welcome to /);
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "join-step-2");
    await fillDetails(page, "Ada Lovelace", "E2E-1");
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.waitForURL(BEFORE_YOU_BEGIN);
    // The class fixes placement: no choice, its time and length, who is starting, and no session yet.
    await page.getByTestId("starting-as").filter({ hasText: "Ada Lovelace" }).waitFor();
    expect(await page.getByTestId("what-to-expect").innerText()).toContain("Placement Test: 15 minutes, 5 to 20 questions.");
    expect(await page.getByRole("radio").count()).toBe(0);
    expect(await session.worker.d1.prepare("select count(*) as n from sessions where user_id = 'E2E-1'").first("n")).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "join-before-you-begin-phone");
    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshot(page, "join-before-you-begin-desktop");
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.waitForURL(TEST_PAGE);
    expect(await session.worker.d1.prepare("select count(*) as n from sessions where user_id = 'E2E-1'").first("n")).toBe(1);
    expect((await session.context.cookies()).some((cookie) => cookie.name === "__student_pass")).toBe(true);

    // On another device the results page says where results open, not that the session was deleted.
    const sessionId = new URL(page.url()).searchParams.get("session");
    const other = await session.browser.newContext({ baseURL: session.worker.origin, viewport: PHONE });
    const otherPage = await other.newPage();
    await otherPage.goto(`/results/${sessionId}`);
    await otherPage.getByText("Results open on the device that took the test").waitFor();
    expect(await seriousAccessibilityViolations(otherPage)).toEqual([]);
    await saveScreenshot(otherPage, "results-elsewhere-phone");
    await other.close();
  });

  it("typing the code: upper case as typed, errors inline and as toasts, Back keeps the code, another browser is asked for the resume code", async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    await page.goto("/join");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Join Class" }).click();
    await toast(page, "Join code required");
    await page.getByRole("alert").filter({ hasText: "Please enter the join code provided by your teacher." }).waitFor();
    expect(await page.getByLabel("Join code").getAttribute("aria-describedby")).toBe("join-code-error");

    await page.getByLabel("Join code").fill("nope123");
    await page.getByRole("button", { name: "Join Class" }).click();
    await toast(page, "Invalid code");
    expect(await page.getByLabel("Join code").inputValue()).toBe("NOPE123");
    // Focus back on the field its error describes, not dropped to <body>.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("join-code");
    await saveScreenshot(page, "join-step-1-invalid");

    await page.getByLabel("Join code").fill("");
    await page.getByLabel("Join code").pressSequentially("democlass");
    expect(await page.getByLabel("Join code").inputValue()).toBe("DEMOCLASS");
    await page.getByRole("button", { name: "Join Class" }).click();
    await page.getByRole("heading", { name: /^Welcome to / }).waitFor();
    await page.waitForFunction(() => document.activeElement?.tagName === "H1");

    await page.getByRole("button", { name: "Start Test" }).click();
    await toast(page, "Information required");
    await page.getByRole("alert").filter({ hasText: "Please enter both your name and student ID." }).waitFor();

    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("heading", { name: "Join Your Class" }).waitFor();
    expect(await page.getByLabel("Join code").inputValue()).toBe("DEMOCLASS");
    await page.getByRole("button", { name: "Join Class" }).click();
    await page.getByRole("heading", { name: /^Welcome to / }).waitFor();

    // Start E2E-2 in a second browser, then try the same student ID here.
    const other = await session.browser.newContext({ baseURL: session.worker.origin, viewport: PHONE });
    const otherPage = await other.newPage();
    await otherPage.goto("/join?code=DEMOCLASS");
    await fillDetails(otherPage, "Grace Hopper", "E2E-2");
    await otherPage.getByRole("button", { name: "Start Test" }).click();
    await startFromBeforeYouBegin(otherPage);
    const sessionId = new URL(otherPage.url()).searchParams.get("session");
    await other.close();

    await fillDetails(page, "Grace Hopper", "E2E-2");
    await page.getByRole("button", { name: "Start Test" }).click();
    await toast(page, "Test in progress");
    const resume = page.getByLabel("Resume code");
    await resume.waitFor();
    expect(await page.getByLabel("Your Name").inputValue()).toBe("Grace Hopper");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("join-resume-code");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "join-resume-code");

    const code = (await session.worker.d1.prepare("select resume_code from sessions where id = ?").bind(sessionId).first("resume_code")) as string;
    await resume.fill(code);
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.waitForURL(TEST_PAGE);
    expect(new URL(page.url()).searchParams.get("session")).toBe(sessionId);
  });

  it("a refusal's toast is gone once the student's next try succeeds: none follows them onto Before You Begin", async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    await page.goto("/join?code=DEMOCLASS");
    await page.getByRole("heading", { name: /^Welcome to / }).waitFor();
    await page.getByRole("button", { name: "Start Test" }).click();
    await toast(page, "Information required");
    await fillDetails(page, "Ada Byron", "E2E-7");
    await page.getByRole("button", { name: "Start Test" }).click();
    await page.waitForURL(BEFORE_YOU_BEGIN);
    await page.getByRole("heading", { name: "Before You Begin" }).waitFor();
    expect(await page.getByTestId("toast").count()).toBe(0);
    await saveScreenshot(page, "join-before-you-begin-after-a-refusal");
  });

  it("works with JavaScript turned off", async () => {
    const context = await session.browser.newContext({ baseURL: session.worker.origin, viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const errors = watchForPageErrors(page);
    try {
      await page.goto("/join");
      await page.getByLabel("Join code").fill("democlass");
      await page.getByRole("button", { name: "Join Class" }).click();
      await page.waitForURL(/\/join\?code=DEMOCLASS$/);
      await page.getByRole("heading", { name: /^Welcome to / }).waitFor();

      await page.getByLabel("Your Name").fill("Alan Turing");
      await page.getByRole("button", { name: "Start Test" }).click();
      await page.getByRole("alert").filter({ hasText: "Please enter both your name and student ID." }).waitFor();
      expect(await page.getByLabel("Your Name").inputValue()).toBe("Alan Turing");
      await saveScreenshot(page, "join-no-js-refused");

      await page.getByLabel("Student ID").fill("E2E-3");
      await page.getByRole("button", { name: "Start Test" }).click();
      await startFromBeforeYouBegin(page);
      expect((await context.cookies()).some((cookie) => cookie.name === "__student_pass")).toBe(true);
    } finally {
      await context.close();
    }
    expect(errors()).toEqual([]);
  });

  it("a signed-in student on another path meets step 1, which carries on to /join", async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    await session.signIn(demoAccounts.student);
    await page.goto("/admin/tests");
    await page.getByLabel("Join code").fill("democlass");
    await saveScreenshot(page, "join-gate");
    await page.getByRole("button", { name: "Join Class" }).click();
    await page.waitForURL(/\/join\?code=DEMOCLASS$/);
    await page.getByRole("heading", { name: /^Welcome to / }).waitFor();
  });
});
