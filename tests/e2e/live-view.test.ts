import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { clientFor } from "../support/api";
import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot, waitForHydration, watchForPageErrors } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { focusedName, focusOn, press, tabTo } from "../support/keyboard";
import { joinAndStart } from "../support/screens";
import { demoAccounts } from "../support/worker";

/**
 * A teacher watching the seeded class on its Live page (ADR 0046) while a student, in another
 * browser, joins and starts: the student's row moves on the teacher's page with no reload (the
 * page's WebSocket to the class object, through the CSP), axe finds nothing serious, and the state
 * filter works from the keyboard. Then the teacher acts from it (pause, add five minutes, end), and
 * the student's page, at its next request, says so.
 */
const session = browserSession({ signInAs: demoAccounts.admin });
const PHONE = { width: 390, height: 844 };

/**
 * A page without JavaScript cannot run axe (its promises never settle there): the same document,
 * as that browser got it and without its scripts, served at its own address to a browser that can.
 */
async function withScriptsForAxe(noScript: Page): Promise<Page> {
  const html = (await noScript.content()).replace(/<script\b[\s\S]*?<\/script>/g, "");
  const context = await session.browser.newContext({ baseURL: session.worker.origin, viewport: noScript.viewportSize()! });
  const page = await context.newPage();
  await page.route(noScript.url(), (route) => route.fulfill({ body: html, contentType: "text/html" }));
  await page.goto(noScript.url());
  return page;
}

describe("the Live page of a class testing", () => {
  it("moves a student's row as they start, with no reload; accessible; filtered from the keyboard", async () => {
    const { page, worker } = session;
    const classId = (await worker.d1.prepare("select id from cohorts where join_code = 'DEMOCLASS'").first<{ id: string }>())!.id;
    await page.goto(`/admin/cohorts/${classId}/live`);
    await waitForHydration(page);
    await page.getByTestId("live-summary").waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    // Marks this document: a reload would lose it.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    const student = await session.browser.newContext({ baseURL: worker.origin });
    try {
      await joinAndStart(await student.newPage(), { name: "Lia Live", id: "LIVE-E2E-1" }, async () => {});
    } finally {
      await student.close();
    }
    const row = page.getByRole("row", { name: /Lia Live/ });
    await row.filter({ hasText: "Answering question 1" }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await expect.poll(() => page.getByTestId("live-summary").textContent()).toMatch(/\b1 answering\b/);
    await saveScreenshot(page, "live-view");

    // The filter, keys only: the state select, "Answering" (the sixth choice), then Show.
    await tabTo(page, "State");
    for (let step = 0; step < 5; step++) await page.keyboard.press("ArrowDown");
    await tabTo(page, "Show");
    await page.keyboard.press("Enter");
    await page.waitForURL(/[?&]state=answering/);
    await page.getByRole("table").getByText("Students of", { exact: false }).filter({ hasText: "answering" }).waitFor();
    expect(await page.getByRole("row", { name: /Lia Live/ }).count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("pauses a student, adds five minutes and ends the test from the page, by keyboard too, and the student's page says each", async () => {
    const { page, worker } = session;
    const classId = (await worker.d1.prepare("select id from cohorts where join_code = 'DEMOCLASS'").first<{ id: string }>())!.id;
    const studentContext = await session.browser.newContext({ baseURL: worker.origin });
    try {
      const student = await studentContext.newPage();
      await joinAndStart(student, { name: "Max Live", id: "LIVE-E2E-2" }, async () => {});
      const clockSeconds = async () => {
        const [minutes, seconds] = ((await student.getByTestId("overall-timer").textContent()) ?? "")
          .match(/(\d+):(\d\d)/)!
          .slice(1)
          .map(Number);
        return minutes! * 60 + seconds!;
      };
      const before = await clockSeconds();

      await page.goto(`/admin/cohorts/${classId}/live`);
      await waitForHydration(page);
      const row = page.getByRole("row", { name: /Max Live/ });
      await row.filter({ hasText: "Answering question 1" }).waitFor();

      // The row's own Pause; the row moves to "Paused by the teacher" with no reload.
      await row.getByRole("button", { name: "Pause Max Live" }).click();
      await page.getByTestId("toast").filter({ hasText: "Paused 1 test" }).waitFor();
      // The focus is not lost to <body> while the button was disabled: it is back on the row's button, now Resume.
      expect(await focusedName(page)).toMatch(/^Resume\s+Max Live$/);
      await row.filter({ hasText: "Paused by the teacher" }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await student.reload();
      await student.getByRole("heading", { name: "Your teacher paused your test" }).waitFor();
      expect(await student.getByTestId("teacher-paused").textContent()).toContain("Your test continues when your teacher resumes it.");
      expect(await student.getByRole("button", { name: "Resume Test" }).count()).toBe(0);

      // Keys only: select the row (Space), back to Resume (Enter); then Add time with its five minutes.
      await focusOn(page, 'input[aria-label="Select Max Live"]');
      await press(page, "Space");
      expect(await page.getByLabel("Select Max Live").isChecked()).toBe(true);
      await tabTo(page, "Resume", { back: true });
      await press(page, "Enter");
      await page.getByTestId("toast").filter({ hasText: "Resumed 1 test" }).waitFor();
      expect(await focusedName(page)).toBe("Resume");
      await row.filter({ hasText: "Answering question 1" }).waitFor();
      await focusOn(page, 'input[aria-label="Select Max Live"]');
      await press(page, "Space");
      await tabTo(page, "Add time", { back: true });
      await press(page, "Enter");
      await page.getByTestId("toast").filter({ hasText: "Added time to 1 test (5 minutes)" }).waitFor();
      await student.reload();
      await student.getByTestId("teacher-notice").filter({ hasText: "Your teacher gave you 5 more minutes." }).waitFor();
      // Five minutes more than before the pause, less the seconds that ran since.
      expect(await clockSeconds()).toBeGreaterThan(before + 4 * 60);

      // End, after its confirm.
      await page.getByLabel("Select Max Live").check();
      await page.getByRole("button", { name: "End", exact: true }).click();
      const confirm = page.getByRole("dialog", { name: "End the selected tests now?" });
      await confirm.waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await confirm.getByRole("button", { name: "End tests" }).click();
      await page.getByTestId("toast").filter({ hasText: "Ended 1 test" }).waitFor();
      await row.filter({ hasText: "Finished" }).waitFor();
      await student.reload();
      await student.waitForURL(/\/results\//);
      await student.getByText("Your teacher ended your test", { exact: false }).waitFor();
      await saveScreenshot(page, "live-view-acted");
    } finally {
      await studentContext.close();
    }
  });

  it("without JavaScript, on a phone, End asks first on the page itself and only its confirm ends the test", async () => {
    const { worker } = session;
    const classId = (await worker.d1.prepare("select id from cohorts where join_code = 'DEMOCLASS'").first<{ id: string }>())!.id;
    const studentContext = await session.browser.newContext({ baseURL: worker.origin });
    const teacher = await session.browser.newContext({ baseURL: worker.origin, javaScriptEnabled: false, viewport: PHONE });
    try {
      await joinAndStart(await studentContext.newPage(), { name: "Noa Nojs", id: "LIVE-E2E-4" }, async () => {});
      await teacher.addCookies([{ ...(await worker.sessionCookieFor(demoAccounts.admin.email)), url: worker.origin, httpOnly: true, sameSite: "Lax" }]);
      const page = await teacher.newPage();
      const errors = watchForPageErrors(page);
      const row = page.getByRole("row", { name: /Noa Nojs/ });
      // The report travels behind the student's request: the Refresh link until the row shows it.
      await page.goto(`/admin/cohorts/${classId}/live`);
      await expect
        .poll(async () => {
          await page.getByTestId("live-refresh").click();
          return row.filter({ hasText: "Answering question" }).count();
        })
        .toBe(1);
      await saveScreenshot(page, "live-view-phone-no-js");

      await page.getByLabel("Select Noa Nojs").check();
      await page.getByRole("button", { name: "End", exact: true }).click();
      const confirm = page.getByTestId("live-end-confirm");
      await confirm.getByRole("heading", { name: "End 1 test now?" }).waitFor();
      expect(await confirm.getByRole("listitem").allTextContents()).toEqual(["Noa Nojs"]);
      // The page was loaded to ask: the question has the focus, with no script to put it there.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("live-end-confirm-title");
      const audited = await withScriptsForAxe(page);
      expect(await seriousAccessibilityViolations(audited)).toEqual([]);
      await audited.context().close();
      await saveScreenshot(page, "live-view-end-confirm-no-js");
      expect(await row.filter({ hasText: "Finished" }).count()).toBe(0);

      await confirm.getByRole("button", { name: "End tests" }).click();
      await expect
        .poll(async () => {
          await page.getByTestId("live-refresh").click();
          return row.filter({ hasText: "Finished" }).count();
        })
        .toBe(1);
      expect(await page.getByTestId("live-end-confirm").count()).toBe(0);
      expect(errors()).toEqual([]);
    } finally {
      await teacher.close();
      await studentContext.close();
    }
  });

  it("a student on a break whom the teacher pauses hears it: the paused screen's heading takes the focus", async () => {
    const { page: teacher, worker } = session;
    const classId = (await worker.d1.prepare("select id from cohorts where join_code = 'DEMOCLASS'").first<{ id: string }>())!.id;
    const { client: admin } = await clientFor(worker, demoAccounts.admin.email);
    const record = await admin.post("/api/students", { studentId: "LIVE-E2E-5", givenName: "Bea", familyName: "Break", grade: "6" });
    expect((await admin.put(`/api/students/${record.data.id}/accommodations`, { breaks: true, breakMinutes: 10 })).status).toBe(200);
    expect((await admin.post(`/api/cohorts/${classId}/roster/${record.data.id}`)).status).toBe(201);
    const studentContext = await session.browser.newContext({ baseURL: worker.origin });
    try {
      const student = await studentContext.newPage();
      // The page's clock, so its 30-second heartbeat comes now.
      await student.clock.install();
      const sessionId = await joinAndStart(student, { name: "Bea Break", id: "LIVE-E2E-5" }, async () => {});
      await student.getByRole("button", { name: "Take a Break" }).click();
      await student.getByTestId("break-screen").waitFor();
      await student.evaluate(() => {
        const seen: string[] = ((window as unknown as { focused: string[] }).focused = []);
        document.addEventListener("focusin", (event) => seen.push((event.target as HTMLElement).textContent ?? ""));
      });
      const paused = await teacher.request.post(`/api/sessions/${sessionId}/proctor`, { data: { action: "pause" }, headers: { Origin: worker.origin } });
      expect(paused.status()).toBe(200);
      await student.clock.runFor(30_000);
      await student.getByRole("heading", { name: "Your teacher paused your test" }).waitFor();
      expect(await student.evaluate(() => (window as unknown as { focused: string[] }).focused)).toContain("Your teacher paused your test");
      expect(await student.evaluate(() => document.activeElement?.id)).toBe("break-heading");
      expect(await student.getByRole("status").filter({ hasText: "Your test continues when your teacher resumes it." }).count()).toBe(1);
    } finally {
      await studentContext.close();
    }
  });

  it("a student's test page reads its data again when its heartbeat's stamp moved: ended in another tab, it leaves the question for the results", async () => {
    const { worker } = session;
    const student = await session.browser.newContext({ baseURL: worker.origin });
    try {
      const page = await student.newPage();
      // The page's clock, so its 30-second beat comes now rather than in 30 real seconds.
      await page.clock.install();
      const sessionId = await joinAndStart(page, { name: "Hal Beat", id: "LIVE-E2E-3" }, async () => {});
      // Another tab of the same browser (the same student pass) ends the session.
      expect((await page.request.post(`/api/sessions/${sessionId}/complete`, { headers: { Origin: worker.origin } })).status()).toBe(200);
      await page.clock.runFor(30_000);
      await page.waitForURL(new RegExp(`/results/${sessionId}`));
    } finally {
      await student.close();
    }
  });
});
