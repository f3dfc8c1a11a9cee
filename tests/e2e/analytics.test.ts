import { describe, expect, it } from "vitest";

import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/** A teacher generates a demo class and reads its analytics: charts, their tables, no serious axe issue. */
const session = browserSession({ signInAs: demoAccounts.admin });

describe("Cohort Analytics", () => {
  it("generates demo data and lands on the class's analytics with charts and their tables", async () => {
    const { page } = session;
    await page.goto("/admin/analytics");
    await page.getByRole("heading", { name: "Cohort Analytics" }).waitFor();
    await page.getByRole("heading", { name: "Find a class" }).waitFor();
    expect(await page.getByRole("link", { name: "Back to Classes" }).getAttribute("href")).toBe("/admin/cohorts");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const generate = page.getByRole("button", { name: "Generate demo data" });
    await generate.click();
    await page.getByRole("button", { name: "Generating demo data…" }).waitFor();
    expect(await page.getByRole("button", { name: "Generating demo data…" }).isDisabled()).toBe(true);
    await page.waitForURL(/\/admin\/analytics\?cohortId=[^&]+&testConfigId=.+$/, { timeout: 60_000 });
    await page.getByTestId("toast").filter({ hasText: "Demo data generated" }).waitFor();

    await page.getByRole("heading", { name: "Score distribution", exact: true }).waitFor();
    expect(await page.getByRole("heading", { name: "Find a class" }).count()).toBe(0);
    await page.getByText("Demo Class (simulated) · Grade 6 Math Check-in (demo class)").waitFor();
    const charts = page.locator('svg[role="img"]');
    expect(await charts.count()).toBe(4);
    for (const name of [/^Score distribution of 30 students/, /^Scale-score distribution/, /^Competency mastery for/, /^Success rate of the 10 questions/]) {
      await expect(page.getByRole("img", { name }).count()).resolves.toBe(1);
    }
    // The table equivalents: two folded under "Show data as table", the others in view.
    await page.getByRole("table", { name: "Competency mastery" }).waitFor();
    await page.getByRole("table", { name: "The 10 questions with the lowest success rate" }).waitFor();
    await page.getByRole("table", { name: "Per-student performance" }).waitFor();
    const folded = page.getByText("Show data as table");
    expect(await folded.count()).toBe(2);
    await folded.first().click();
    await page.getByRole("table", { name: "Completed sessions by score range" }).waitFor();
    expect(await page.getByRole("link", { name: "Export students (CSV)" }).getAttribute("href")).toMatch(/^\/admin\/analytics\/export\/students\?cohortId=.+&testConfigId=.+$/);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "analytics-demo");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "analytics-demo-mobile");
  }, 90_000);

  it("says so in an alert, not a browser dialog, when demo data cannot be generated", async () => {
    const { page, worker } = session;
    await worker.d1.prepare("update tests set title = 'Renamed check-in' where title = 'Grade 6 Math Check-in'").run();
    try {
      page.on("dialog", (dialog) => expect.fail(`unexpected browser dialog: ${dialog.message()}`));
      await page.goto("/admin/analytics");
      await page.getByRole("button", { name: "Generate demo data" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "Failed to generate demo data" });
      await alert.waitFor();
      expect(await page.getByRole("button", { name: "Generate demo data" }).isEnabled()).toBe(true);
      expect(page.url()).toMatch(/\/admin\/analytics$/);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await worker.d1.prepare("update tests set title = 'Grade 6 Math Check-in' where title = 'Renamed check-in'").run();
    }
  });
});
