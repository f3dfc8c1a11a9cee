import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * The product's screens, found the way a teacher and a student reach them, for the tests that
 * visit every one (accessibility-sweep.test.ts).
 */

/** The records of a generated demo class (POST /api/analytics/seed-demo, docs/api.md) and a student on its roster. */
/** The demo class, its test, one finished session, and one student on the roster of the demo class and of a class of their own (`smallCohortId`). */
export type DemoClass = { cohortId: string; testId: string; completedSessionId: string; studentId: string; smallClassId: string };

/**
 * Generates the demo class (its simulated members, their sessions, AI grading) and waits for the
 * job to finish. Its members are not district records, so one student is added and rostered: the
 * Students page, a student's page and the class roster then have someone to show.
 */
export async function generateDemoClass(page: Page): Promise<DemoClass> {
  const demo = await page.request.post("/api/analytics/seed-demo", { data: {} });
  expect(demo.status()).toBe(202);
  const { cohort: schoolClass, test, poll } = (await demo.json()) as { cohort: { id: string }; test: { id: string }; poll: string };
  await expect
    .poll(async () => ((await (await page.request.get(poll)).json()) as { status: string }).status, { timeout: 60_000, interval: 250 })
    .toBe("succeeded");
  const sessions = (await (await page.request.get(`/api/sessions?cohortId=${schoolClass.id}`)).json()) as { id: string; completed: boolean }[];
  const student = await page.request.post("/api/students", { data: { studentId: "S-DEMO-1", givenName: "Dana", familyName: "Okafor-Lindqvist", grade: "6" } });
  expect(student.status()).toBe(201);
  const { id: studentId } = (await student.json()) as { id: string };
  expect((await page.request.post(`/api/cohorts/${schoolClass.id}/roster/${studentId}`)).status()).toBe(201);
  // The demo class prints 33 badges; one class's worth of one shows the page as well, at a fraction of axe's time.
  const small = (await (await page.request.post("/api/cohorts", { data: { name: "Badge Check" } })).json()) as { id: string };
  expect((await page.request.post(`/api/cohorts/${small.id}/roster/${studentId}`)).status()).toBe(201);
  return { cohortId: schoolClass.id, testId: test.id, completedSessionId: sessions.find((row) => row.completed)!.id, studentId, smallClassId: small.id };
}

/** The admin pages the sidebar and the dashboard link to, as a signed-in teacher finds them on /admin. */
async function sidebarPaths(page: Page): Promise<string[]> {
  await page.goto("/admin");
  const paths = await page
    .locator('a[href^="/admin"]')
    .evaluateAll((links) => [...new Set(links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))]);
  expect(paths.length).toBeGreaterThan(10);
  return paths;
}

/** The district admin's own pages, linked from the Students page (ADR 0031). */
const DISTRICT_ADMIN_PATHS = ["/admin/audit", "/admin/privacy", "/admin/staff", "/admin/windows"];

/** The dashboard, the AI grading list, and the pages of one record each: the demo class's test (/admin/tests/{id} leads to its edit page), roster and badges, a student, a session's results and grading (the growth pages have their own e2e test, axe included). */
function recordPaths(demo: DemoClass): string[] {
  return [
    "/admin",
    "/admin/ai-grading",
    `/admin/tests/${demo.testId}/edit`,
    `/admin/cohorts/${demo.cohortId}`,
    `/admin/cohorts/${demo.smallClassId}/badges`,
    `/admin/students/${demo.studentId}`,
    `/admin/results/${demo.completedSessionId}`,
    `/admin/ai-grading/${demo.completedSessionId}`,
    `/admin/analytics?cohortId=${demo.cohortId}&testConfigId=${demo.testId}`,
    `/admin/sessions?cohortId=${demo.cohortId}`,
    `/results/${demo.completedSessionId}`,
  ];
}

/** Every admin page with the demo class's data: the sidebar's, the district admin's and the records'. */
export async function adminPaths(page: Page, demo: DemoClass): Promise<string[]> {
  return [...new Set([...(await sidebarPaths(page)), ...DISTRICT_ADMIN_PATHS, ...recordPaths(demo)])];
}

/** A path as a file name: "/admin/tests/1/edit" is "admin-tests-1-edit". */
export const slug = (path: string) =>
  path
    .replace(/^\//, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/-+$/, "") || "home";

/**
 * A student's way from /join to the first question of the seeded class (DEMOCLASS), calling
 * `visit` on each screen as it shows: the code step, the details step, each screen before the
 * question (a mode to choose, a start screen, where there are any) and the question. Answers the
 * session's id.
 */
export async function joinAndStart(page: Page, student: { name: string; id: string }, visit: (screen: string) => Promise<void>): Promise<string> {
  await page.goto("/join");
  await visit("join-code");
  await page.getByLabel("Join code").fill("DEMOCLASS");
  await page.getByLabel("Join code").press("Enter");
  await page.getByLabel("Student ID").waitFor();
  await visit("join-details");
  await page.getByLabel("Your Name").fill(student.name);
  await page.getByLabel("Student ID").fill(student.id);
  await page.getByLabel("Student ID").press("Enter");
  await page.getByLabel("Student ID").waitFor({ state: "detached" });
  for (let step = 1; step <= 4; step++) {
    // The next screen first (the question, or a button onward): counting before it rendered read an empty page.
    const onwardButton = page.getByRole("button", { name: /^(start|begin|continue)/i });
    await page.getByTestId("question-text").or(onwardButton).first().waitFor();
    if (await page.getByTestId("question-text").count()) break;
    await visit(`start-${step}`);
    const mode = page.getByRole("radio").first();
    if ((await mode.count()) && !(await mode.isChecked())) await mode.check();
    const onward = onwardButton.first();
    if (!(await onward.count())) break;
    // Wait for the screen it leads to: visiting (or clicking) before it replaced this one races the navigation.
    const pressed = await onward.elementHandle();
    await onward.click();
    await pressed?.waitForElementState("hidden");
  }
  await page.getByTestId("question-text").waitFor();
  await visit("question");
  const sessionId = new URL(page.url()).searchParams.get("session");
  expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  return sessionId!;
}
