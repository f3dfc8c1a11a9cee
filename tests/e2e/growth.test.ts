import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { POINTS_PER_LOGIT, thetaOfScale } from "~/domain/adaptive/scale";

import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot, waitForHydration } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { sidewaysOverflow } from "../support/reflow";
import { generateDemoClass } from "../support/screens";
import { demoAccounts } from "../support/worker";

/**
 * A teacher reads a student's growth over three testing windows and prints the family report.
 * Windows and sessions are written to D1 as the session objects leave them (the demo data's three
 * windows can replace them later).
 */
const session = browserSession({ signInAs: demoAccounts.admin });

const WINDOWS = [
  ["e2e-fall", "Fall", "2025-09-01", "2025-09-30"],
  ["e2e-winter", "Winter", "2026-01-05", "2026-01-31"],
  ["e2e-spring", "Spring", "2026-04-01", "2026-04-30"],
] as const;

/** A student on a class's roster with a score in each window: 198 → 205 (within error), a low-effort retake, 214 (beyond error from Fall). */
async function seedGrowth(page: Page) {
  const d1 = session.worker.d1;
  const insertWindow = d1.prepare("insert into testing_windows (id, name, starts_on, ends_on) values (?, ?, ?, ?)");
  await d1.batch(WINDOWS.map((window) => insertWindow.bind(...window)));
  const created = await page.request.post("/api/students", { data: { studentId: "E2E-G1", givenName: "Maya", familyName: "Reyes", grade: "6" } });
  expect(created.status()).toBe(201);
  const { id: studentId } = (await created.json()) as { id: string };
  const schoolClass = await page.request.post("/api/cohorts", { data: { name: "Growth Class" } });
  const { id: classId } = (await schoolClass.json()) as { id: string };
  expect((await page.request.post(`/api/cohorts/${classId}/roster/${studentId}`)).status()).toBe(201);
  const test = (await d1.prepare("select id, title from tests limit 1").first<{ id: string; title: string }>())!;
  const insert = d1.prepare(
    `insert into sessions (id, test_config_id, test_title, test_subject, user_id, test_mode, cohort_id, start_time, end_time, completed, total_score,
       theta, theta_se, student_record_id, non_standard, effort, module_recommendations)
     values (?, ?, ?, 'Mathematics', 'E2E-G1', 'placement', ?, ?, ?, 1, 60, ?, ?, ?, 0, ?, ?)`,
  );
  const rows: [string, string, number, number, number, object][] = [
    ["e2e-g-fall", "2025-09-10T10:00:00Z", 198, 3, 1, { Number: "Recommended" }],
    ["e2e-g-winter", "2026-01-10T10:00:00Z", 205, 3, 1, { Number: "Mastered" }],
    ["e2e-g-winter-rushed", "2026-01-20T10:00:00Z", 171, 3, 0.5, {}],
    ["e2e-g-spring", "2026-04-10T10:00:00Z", 214, 4, 1, { Number: "Mastered", Fractions: "Recommended" }],
  ];
  await d1.batch(
    rows.map(([id, at, score, se, effort, modules]) =>
      insert.bind(
        id,
        test.id,
        test.title,
        classId,
        Date.parse(at),
        Date.parse(at) + 600_000,
        thetaOfScale(score),
        se / POINTS_PER_LOGIT,
        studentId,
        effort,
        JSON.stringify(modules),
      ),
    ),
  );
  return { studentId, cohortId: classId };
}

/** No serious axe violations, and nothing but a table or a chart scrolls sideways, at 1280 and at 390 px. */
async function checkAtBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAccessibilityViolations(page), `${name} at ${width} px`).toEqual([]);
    expect((await sidewaysOverflow(page, width)).offenders, `${name} at ${width} px`).toEqual([]);
    await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("Growth", () => {
  it("shows a student's scores, growth and its measurement error by window, and a printable family report", async () => {
    const { page } = session;
    const { studentId, cohortId: classId } = await seedGrowth(page);

    await page.goto(`/admin/students/${studentId}`);
    await page.getByRole("link", { name: "Growth", exact: true }).click();
    await page.getByRole("heading", { name: "Growth · Maya Reyes" }).waitFor();
    await waitForHydration(page);
    const table = page.getByRole("table", { name: /Mathematics: score, growth/ });
    const rows = table.getByRole("row");
    // The header row, then Fall, Winter, Spring.
    expect(await rows.nth(1).innerText()).toMatch(/Fall[\s\S]*198\.0 ± 3\.0/);
    expect(await rows.nth(2).innerText()).toMatch(/Winter[\s\S]*205\.0 ± 3\.0[\s\S]*\+7\.0[\s\S]*since Fall[\s\S]*4\.2[\s\S]*No/);
    expect(await rows.nth(2).innerText()).toContain("This score may not reflect what the student knows.");
    expect(await rows.nth(3).innerText()).toMatch(/Spring[\s\S]*214\.0 ± 4\.0[\s\S]*\+9\.0[\s\S]*since Winter[\s\S]*5\.0/);
    expect(await page.getByRole("img", { name: /Mathematics scale scores by testing window: Fall 198\.0, Winter 205\.0, Spring 214\.0/ }).count()).toBe(1);
    await checkAtBothWidths(page, "growth-student");

    await page.getByRole("link", { name: "Family report for Spring" }).click();
    await page.getByRole("heading", { name: "Maya Reyes", level: 1 }).waitFor();
    expect(await page.getByTestId("report-score").innerText()).toBe("Maya's scale score is 214. No test is exact: the score is likely between 206 and 222.");
    expect(await page.getByTestId("report-growth").innerText()).toBe(
      "Growth: Since Winter (score 205), Maya's score went up 9 points. That change is within the test's measurement error, so it may not be a real change.",
    );
    expect(await page.getByTestId("report-practice").innerText()).toBe("Fractions");
    await checkAtBothWidths(page, "growth-family-report");
    // Printed, the report is all there is: no sidebar, no buttons.
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print Report" }).isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Toggle sidebar" }).isVisible()).toBe(false);
    expect(await page.getByTestId("report-score").isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });

    // The class view, from Fall to Spring: 16 points, beyond the error of 9.8.
    await page.goto(`/admin/cohorts/${classId}`);
    await page.getByRole("link", { name: "Growth", exact: true }).click();
    await page.getByRole("heading", { name: "Growth · Growth Class" }).waitFor();
    await page.getByLabel("From", { exact: true }).selectOption({ label: "Fall" });
    await page.getByLabel("To", { exact: true }).selectOption({ label: "Spring" });
    await page.getByRole("button", { name: "Show Growth" }).click();
    await page.waitForURL((url) => url.searchParams.get("from") === "e2e-fall" && url.searchParams.get("to") === "e2e-spring");
    const row = page.getByRole("row", { name: /Maya Reyes/ });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/198\.0 ± 3\.0\s+214\.0 ± 4\.0\s+\+16\.0 ± 5\.0\s+Yes, grew/);
    expect(await page.getByTestId("local-norms-note").innerText()).toContain("not national norms, and are shown only when at least 30");
    await checkAtBothWidths(page, "growth-class");
  });

  it("starts from the demo data: a newcomer sees the demo class grow over three windows, a student's growth and their family report", async () => {
    const { page } = session;
    // The other test's windows would hold the demo's earlier sittings; the demo makes its own when there are none.
    await session.worker.d1.prepare("delete from testing_windows").run();
    const { cohortId: classId } = await generateDemoClass(page);
    await page.goto(`/admin/cohorts/${classId}`);
    await page.getByRole("link", { name: "Growth", exact: true }).click();
    await page.getByTestId("class-growth-summary").first().waitFor();
    // By default the class view compares the last two windows with scores: Winter to Spring.
    expect(await page.getByText(/from Winter to Spring/).count()).toBeGreaterThan(0);
    const summary = await page.getByTestId("class-growth-summary").first().innerText();
    expect(summary).toMatch(/Median growth\s+[+−-]?\d+\.\d/);
    expect(summary).toMatch(/Grew beyond measurement error\s+\d+ of \d+ students/);
    await checkAtBothWidths(page, "growth-demo-class");

    await page.getByRole("table").first().getByRole("link").first().click();
    await page.waitForURL(/\/admin\/students\/[^/]+\/growth$/);
    await waitForHydration(page);
    const rows = page.getByRole("table").first().getByRole("row");
    expect(await rows.count()).toBe(4);
    expect(await rows.nth(1).innerText()).toMatch(/Fall[\s\S]*\d{3}\.\d ± \d\.\d/);
    expect(await rows.nth(3).innerText()).toMatch(/Spring[\s\S]*\d{3}\.\d ± \d\.\d[\s\S]*since Winter/);
    await checkAtBothWidths(page, "growth-demo-student");

    await page.getByRole("link", { name: "Family report for Spring" }).click();
    await page.getByTestId("report-score").waitFor();
    expect(await page.getByTestId("report-score").innerText()).toMatch(
      /scale score is \d{3}\. No test is exact: the score is likely between \d{3} and \d{3}\./,
    );
    expect(await page.getByTestId("report-growth").innerText()).toMatch(/^Growth: Since Winter \(score \d{3}\)/);
    await checkAtBothWidths(page, "growth-demo-family-report");
  });
});
