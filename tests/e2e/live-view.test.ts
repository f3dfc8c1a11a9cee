import { describe, expect, it } from "vitest";

import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot, waitForHydration } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { tabTo } from "../support/keyboard";
import { joinAndStart } from "../support/screens";
import { demoAccounts } from "../support/worker";

/**
 * A teacher watching the seeded class on its Live page (ADR 0046) while a student, in another
 * browser, joins and starts: the student's row moves on the teacher's page with no reload (the
 * page's WebSocket to the class object, through the CSP), axe finds nothing serious, and the state
 * filter works from the keyboard.
 */
const session = browserSession({ signInAs: demoAccounts.admin });

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

    // The filter, keys only: the state select, "Answering" (the fifth choice), then Show.
    await tabTo(page, "State");
    for (let step = 0; step < 4; step++) await page.keyboard.press("ArrowDown");
    await tabTo(page, "Show");
    await page.keyboard.press("Enter");
    await page.waitForURL(/[?&]state=answering/);
    await page.getByRole("table").getByText("Students of", { exact: false }).filter({ hasText: "answering" }).waitFor();
    expect(await page.getByRole("row", { name: /Lia Live/ }).count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("a student's test page reads its data again when its heartbeat's stamp moved: ended in another tab, it leaves the question for the results", async () => {
    const { worker } = session;
    const student = await session.browser.newContext({ baseURL: worker.origin });
    try {
      const page = await student.newPage();
      // The page's clock, so its 30-second beat comes now rather than in 30 real seconds.
      await page.clock.install();
      const sessionId = await joinAndStart(page, { name: "Hal Beat", id: "LIVE-E2E-2" }, async () => {});
      // Another tab of the same browser (the same student pass) ends the session.
      expect((await page.request.post(`/api/sessions/${sessionId}/complete`, { headers: { Origin: worker.origin } })).status()).toBe(200);
      await page.clock.runFor(30_000);
      await page.waitForURL(new RegExp(`/results/${sessionId}`));
    } finally {
      await student.close();
    }
  });
});
