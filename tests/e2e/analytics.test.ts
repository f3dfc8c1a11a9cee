import { describe, expect, it } from "vitest";

import { apiClient } from "../support/api";
import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot, waitForHydration } from "../support/browser";
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
    await waitForHydration(page);
    await generate.click();
    await page.getByRole("button", { name: "Generating demo data…" }).waitFor();
    expect(await page.getByRole("button", { name: "Generating demo data…" }).isDisabled()).toBe(true);
    // Real progress, read from the queued job as each part of the class finishes, on the class's own page.
    await page
      .getByRole("status")
      .filter({ hasText: /^\d+ of 32 simulated students have taken the test$/ })
      .waitFor();
    expect(page.url()).toMatch(/\/admin\/analytics\?cohortId=[^&]+&testConfigId=[^&]+&demoJob=.+$/);
    await saveScreenshot(page, "analytics-demo-progress");
    await page.waitForURL(/\/admin\/analytics\?cohortId=[^&]+&testConfigId=[^&]+$/, { timeout: 60_000 });
    await page.getByTestId("toast").filter({ hasText: "Demo data generated" }).waitFor();

    await page.getByRole("heading", { name: "Score distribution", exact: true }).waitFor();
    expect(await page.getByRole("heading", { name: "Find a class" }).count()).toBe(0);
    await page.getByText("Demo Class (simulated) · Grade 6 Math Check-in (demo class)").waitFor();
    const charts = page.locator('svg[role="img"]');
    expect(await charts.count()).toBe(4);
    for (const name of [/^Score distribution of 32 students/, /^Scale-score distribution/, /^Competency mastery for/, /^Success rate of the 10 questions/]) {
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
    expect(await page.getByRole("link", { name: "Export students (CSV)" }).getAttribute("href")).toMatch(
      /^\/admin\/analytics\/export\/students\?cohortId=.+&testConfigId=.+$/,
    );

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "analytics-demo");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "analytics-demo-mobile");
  }, 90_000);

  it("finds a demo student's session, overrides a grade, and sees the new score in the results, the sessions and the analytics", async () => {
    const { page, worker } = session;
    const admin = apiClient(worker, await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password));
    // The demo class the first test generated: a finished session whose weakest logged grade, set
    // to 100, must raise the student's score.
    const demo = await worker.d1
      .prepare("select c.id as cohortId, c.test_config_id as testId from cohorts c where c.name = 'Demo Class (simulated)' order by c.created_at desc limit 1")
      .first<{ cohortId: string; testId: string }>();
    expect(demo).not.toBeNull();
    const weakest = await worker.d1
      .prepare(
        `select s.id as sessionId, s.user_id as studentId, l.question_id as questionId, l.score as score from ai_grading_logs l join sessions s on s.id = l.session_id
         where s.cohort_id = ? and s.completed = 1 and l.score < 50 order by l.score, s.user_id limit 1`,
      )
      .bind(demo!.cohortId)
      .first<{ sessionId: string; studentId: string; questionId: string; score: number }>();
    expect(weakest).not.toBeNull();
    const before = (await admin.get(`/api/sessions/${weakest!.sessionId}`)).data.totalScore as number;

    // Test Sessions: filter to the demo test and the student, in the URL.
    await page.goto(`/admin/sessions?test=${demo!.testId}`);
    await waitForHydration(page);
    expect(await page.getByLabel("Test", { exact: true }).inputValue()).toBe(demo!.testId);
    await page.getByLabel("Student Name").fill(weakest!.studentId);
    await page.waitForURL((url) => url.searchParams.get("student") === weakest!.studentId && url.searchParams.get("test") === demo!.testId);
    // That session's own card: the student has one in each testing window.
    const card = page.getByTestId("session-card").filter({ has: page.locator(`a[href="/admin/ai-grading/${weakest!.sessionId}"]`) });
    await card.getByText(`${Math.round(before)}%`).waitFor();
    // The card names the student as they joined the class (ADR 0016).
    const member = await worker.d1
      .prepare("select display_name as name from cohort_members where cohort_id = ? and student_id = ?")
      .bind(demo!.cohortId, weakest!.studentId)
      .first<{ name: string }>();
    expect(await card.getByTestId("session-student").innerText()).toBe(`${member!.name}\n${weakest!.studentId}`);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "sessions-named");

    // The review: override the weakest grade, with a reason.
    await card.getByRole("link", { name: "Review AI Grading" }).click();
    await page.getByRole("heading", { name: "AI Grading Review" }).waitFor();
    const logs = (await admin.get(`/api/sessions/${weakest!.sessionId}/ai-grading`)).data.gradingLogs as { questionId: string }[];
    const log = page.getByTestId("grading-log").nth(logs.findIndex((entry) => entry.questionId === weakest!.questionId));
    await log.getByLabel("New score (0–100)").fill("100");
    await log.getByLabel("Reason").fill("Right idea, said differently from the rubric.");
    await log.getByRole("button", { name: "Override Grade" }).click();
    await page.getByTestId("toast").filter({ hasText: "Grade Overridden" }).waitFor();
    expect(await log.getByTestId("override-history").innerText()).toMatch(/^100 \(was [\d.]+\) by .+: Right idea, said differently from the rubric\.$/);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const after = (await admin.get(`/api/sessions/${weakest!.sessionId}`)).data.totalScore as number;
    expect(after).toBeGreaterThan(before);

    // Everywhere: the student's results, the sessions list and the class's analytics.
    await page.getByRole("link", { name: "View Results" }).click();
    await page.getByRole("heading", { name: /^Results: / }).waitFor();
    expect(await page.getByTestId("overall-score").innerText()).toContain(`${Math.round(after)}%`);
    await page.getByTestId("teacher-reviewed").first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.goto(`/admin/sessions?test=${demo!.testId}&student=${encodeURIComponent(weakest!.studentId)}`);
    await card.getByText(`${Math.round(after)}%`).waitFor();

    // Cohort Analytics reads one testing window: the one the session started in.
    const sessionWindow = await worker.d1
      .prepare(
        `select w.id as id from testing_windows w join sessions s on s.id = ?
         where s.start_time >= unixepoch(w.starts_on) * 1000 and s.start_time < unixepoch(w.ends_on, '+1 day') * 1000`,
      )
      .bind(weakest!.sessionId)
      .first<{ id: string }>();
    await page.goto(`/admin/analytics?cohortId=${demo!.cohortId}&testConfigId=${demo!.testId}&windowId=${sessionWindow!.id}`);
    const row = page
      .getByRole("table", { name: "Per-student performance" })
      .getByRole("row")
      .filter({ has: page.locator(`a[href="/results/${weakest!.sessionId}"]`) });
    await row.getByText(`${after}%`).waitFor();
  }, 60_000);

  it("says so in an alert, not a browser dialog, when demo data cannot be generated", async () => {
    const { page, worker } = session;
    // Neither the demo test nor an earlier copy of it to refresh.
    await worker.d1.prepare("update tests set title = 'Renamed ' || title where title like 'Grade 6 Math Check-in%'").run();
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
      await worker.d1.prepare("update tests set title = substr(title, 9) where title like 'Renamed Grade 6 Math Check-in%'").run();
    }
  });
});
