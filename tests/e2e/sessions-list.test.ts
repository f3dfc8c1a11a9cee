import { describe, expect, it } from "vitest";

import { seriousAccessibilityViolations } from "../support/axe";
import { saveScreenshot, waitForHydration, watchForPageErrors } from "../support/browser";
import { browserSession } from "../support/browser-session";
import { demoAccounts } from "../support/worker";

/** A teacher finds a student's finished test among the sessions and opens its result. */
const session = browserSession({ signInAs: demoAccounts.admin });

/** Sessions only D1 knows (as the write behind leaves them), for the list to filter. */
async function insertListedSessions(test: { id: string; title: string }) {
  const start = Date.now() - 3_600_000;
  const rows: [string, string, number, number | null][] = [
    ["maya-01", "e2e-maya-01", 1, 72.5],
    ["MAYA-02", "e2e-maya-02", 0, null],
    ["leo", "e2e-leo", 1, 40],
  ];
  const insert = session.worker.d1.prepare(
    `insert into sessions (id, test_config_id, test_title, test_subject, user_id, test_mode, start_time, end_time, completed, total_score)
     values (?, ?, ?, 'Mathematics', ?, 'placement', ?, ?, ?, ?)`,
  );
  await session.worker.d1.batch(
    rows.map(([userId, id, completed, score], index) =>
      insert.bind(id, test.id, test.title, userId, start + index * 60_000, completed ? start + index * 60_000 + 125_000 : null, completed, score),
    ),
  );
}

describe("Test Sessions", () => {
  it("filters by student and status in the URL, keeps them on reload, and opens a result", async () => {
    const { page } = session;
    await page.goto("/admin/sessions");
    await page.getByRole("heading", { name: "Test Sessions" }).waitFor();
    await page.getByText("No test sessions found. Try adjusting your filters or take a test to create a session.").waitFor();

    // One real session, started and completed through the API as the teacher's browser would.
    const sessionId = await page.evaluate(async () => {
      const post = (path: string, body: unknown) =>
        fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then((response) => response.json());
      const tests = (await fetch("/api/tests").then((response) => response.json())) as { id: string }[];
      const started = (await post("/api/sessions/start", { testConfigId: tests[0]!.id, testMode: "placement", userId: "Maya-Real" })) as { sessionId: string };
      await post(`/api/sessions/${started.sessionId}/complete`, {});
      return started.sessionId;
    });
    const test = await session.worker.d1
      .prepare("select test_config_id as id, test_title as title from sessions where id = ?")
      .bind(sessionId)
      .first<{ id: string; title: string }>();
    await insertListedSessions(test!);
    // D1 learns of the completion behind the session's object (at most 5 s).
    await expect
      .poll(
        async () => (await session.worker.d1.prepare("select completed from sessions where id = ?").bind(sessionId).first<{ completed: number }>())?.completed,
        { timeout: 10_000 },
      )
      .toBe(1);

    await page.reload();
    await page.getByText("Showing 4 of 4 sessions").waitFor();
    await waitForHydration(page);
    await page.getByLabel("Student Name").fill("maya");
    await page.waitForURL((url) => url.searchParams.get("student") === "maya");
    await page.getByText("Showing 3 of 3 sessions").waitFor();
    await page.getByLabel("Status").selectOption({ label: "Completed" });
    await page.waitForURL((url) => url.searchParams.get("status") === "completed" && url.searchParams.get("student") === "maya");
    await page.getByText("Showing 2 of 2 sessions").waitFor();
    const cards = page.getByTestId("session-card");
    expect(await cards.getByTestId("session-student").allInnerTexts()).toEqual(["Maya-Real", "maya-01"]);
    expect(await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/admin/sessions/export?student=maya&status=completed");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, "sessions-list");

    // A reload (or a shared link) shows the same view.
    await page.reload();
    expect(await page.getByLabel("Student Name").inputValue()).toBe("maya");
    expect(await page.getByLabel("Status").inputValue()).toBe("completed");
    await page.getByText("Showing 2 of 2 sessions").waitFor();

    const real = cards.filter({ hasText: "Maya-Real" });
    await real.getByText("Completed").waitFor();
    await real.getByRole("link", { name: "View Results" }).click();
    await page.waitForURL(`**/results/${sessionId}`);
    await page.getByRole("heading", { name: "Your Results" }).waitFor();
  });

  it("shows times in the teacher's own zone on the very first visit: no UTC, no reload, no hydration error", async () => {
    const test = await session.worker.d1.prepare("select id, title from tests limit 1").first<{ id: string; title: string }>();
    await session.worker.d1
      .prepare(
        "insert into sessions (id, test_config_id, test_title, test_subject, user_id, test_mode, start_time, end_time, completed, total_score) values ('e2e-tz', ?, ?, null, 'zone-check', 'placement', ?, null, 0, null)",
      )
      .bind(test!.id, test!.title, Date.UTC(2026, 2, 5, 15, 4))
      .run();
    // A browser that never sent its zone: no cookie yet, as on a teacher's first visit.
    const context = await session.browser.newContext({ baseURL: session.worker.origin, timezoneId: "America/New_York" });
    try {
      await context.addCookies([
        { ...(await session.worker.sessionCookieFor(demoAccounts.admin.email)), url: session.worker.origin, httpOnly: true, sameSite: "Lax" },
      ]);
      // The server's HTML alone, with the app's JavaScript blocked, already reads in New York's time.
      const htmlOnly = await context.newPage();
      await htmlOnly.route(/\.js(\?|$)/, (route) => route.abort());
      await htmlOnly.goto("/admin/sessions?student=zone-check");
      expect((await htmlOnly.getByTestId("session-card").locator("time").innerText()).replace(/\s/g, " ")).toBe("Mar 5, 10:04 AM");
      await htmlOnly.close();
      await context.clearCookies({ name: "tz" });

      const page = await context.newPage();
      const errors = watchForPageErrors(page);
      const requests: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      await page.goto("/admin/sessions?student=zone-check", { waitUntil: "domcontentloaded" });
      const started = page.getByTestId("session-card").locator("time");
      // Browsers may put a narrow no-break space before AM/PM.
      const startedText = async () => (await started.innerText()).replace(/\s/g, " ");
      // 15:04 UTC is 10:04 AM in New York (UTC-5 in early March), from the first paint on.
      expect(await startedText()).toBe("Mar 5, 10:04 AM");
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      expect(await startedText()).toBe("Mar 5, 10:04 AM");
      expect(requests.filter((url) => new URL(url).pathname.startsWith("/admin/sessions"))).toHaveLength(1);
      expect(errors()).toEqual([]);
      // Later visits tell the server the zone, so its own HTML already says the same.
      const html = await (await page.request.get("/admin/sessions?student=zone-check")).text();
      expect(html.replace(/\s/g, " ")).toContain("Mar 5, 10:04 AM");
    } finally {
      await context.close();
    }
  });
});
