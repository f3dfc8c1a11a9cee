import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * The student pass on a shared classroom computer (ADR 0014), through the real Worker with a
 * clock the test can move: one browser, one student at a time; a finished session's results stay
 * readable for the student who just finished, for RESULTS_WINDOW_MINUTES, and always for teachers.
 */
let worker: TestWorker;
let admin: ApiClient;
let adminJar: CookieJar;
let demo: { id: string; testConfigId: string };

const RESULTS_WINDOW_MS = 30 * 60 * 1000;

beforeAll(async () => {
  worker = await startWorker({ controllableClock: true });
  ({ admin } = await demoClients(worker));
  adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  const classes = (await admin.get("/api/cohorts")).data as { id: string; joinCode: string; testConfigId: string }[];
  demo = classes.find((schoolClass) => schoolClass.joinCode === "DEMOCLASS")!;
});
afterEach(() => worker.setClockOffset(0));
afterAll(() => worker?.dispose());

async function post(path: string, fields: Record<string, string>, jar: CookieJar) {
  const response = await worker.request(path, {
    method: "POST",
    jar,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  return { status: response.status, location: response.headers.get("Location"), html: response.status === 302 ? "" : await response.text() };
}

async function page(path: string, jar: CookieJar) {
  const response = await worker.request(path, { jar });
  return { status: response.status, location: response.headers.get("Location"), html: response.status === 302 ? "" : await response.text() };
}

/** The join step (class code, name, student ID), without JavaScript. */
function join(jar: CookieJar, studentId: string, code = "DEMOCLASS", classId = demo.id) {
  return post(`/join?code=${code}`, { intent: "start", code, cohortId: classId, displayName: `Student ${studentId}`, studentId }, jar);
}

/** Joins, then presses Start Test on the test's 'Before You Begin' page: the session's id. */
async function joinAndStart(
  jar: CookieJar,
  studentId: string,
  code = "DEMOCLASS",
  classId = demo.id,
): Promise<{ sessionId: string | null; status: number; html: string }> {
  let step = await join(jar, studentId, code, classId);
  if (step.status === 302 && step.location && !step.location.includes("session=")) {
    step = await post(step.location, { intent: "start", testMode: "placement" }, jar);
  }
  const sessionId = step.location?.match(/session=([0-9a-f-]{36})/)?.[1] ?? null;
  return { sessionId, status: step.status, html: step.html };
}

describe("one browser, one student", () => {
  it("a new join replaces the pass: the earlier student's session and resume code no longer open", async () => {
    const browser = new CookieJar();
    const first = await joinAndStart(browser, "SHARED-1");
    expect(first.sessionId).toBeTruthy();
    const testPage = `/test/${demo.testConfigId}?session=${first.sessionId}`;
    expect((await page(testPage, browser)).html).toContain("Resume code:");
    expect((await apiClient(worker, browser).get(`/api/sessions/${first.sessionId}`)).status).toBe(200);

    // The next student joins on the same computer (the join step alone is enough).
    expect((await join(browser, "SHARED-2")).status).toBe(302);
    const after = await page(testPage, browser);
    expect(after.html).toContain("not open on this device");
    expect(after.html).not.toContain("Resume code:");
    expect((await apiClient(worker, browser).get(`/api/sessions/${first.sessionId}`)).status).toBe(401);
    const results = await page(`/results/${first.sessionId}`, browser);
    expect(results.status).toBe(404);
    // Refused in the student's own layout, with the way back to the join screen, not the admin shell.
    expect(results.html).toContain('data-testid="student-header"');
    expect(results.html).not.toContain('data-testid="sidebar"');
  });
});

describe("a finished session's pass", () => {
  it("opens the results, not the test page, for the results window; then neither; a teacher always", async () => {
    const browser = new CookieJar();
    const { sessionId } = await joinAndStart(browser, "FINISHED-1");
    expect((await apiClient(worker, browser).post(`/api/sessions/${sessionId}/complete`)).status).toBe(200);
    const testPage = `/test/${demo.testConfigId}?session=${sessionId}`;

    // Just finished: the test page goes to the results, which the student can read.
    expect(await page(testPage, browser)).toMatchObject({ status: 302, location: `/results/${sessionId}` });
    await worker.setClockOffset(RESULTS_WINDOW_MS - 60_000);
    expect((await page(`/results/${sessionId}`, browser)).html).toContain("Your Answers");

    // After the window: the pass opens nothing of the session; the test page sends the browser to join.
    await worker.setClockOffset(RESULTS_WINDOW_MS + 60_000);
    const results = await page(`/results/${sessionId}`, browser);
    expect(results.status).toBe(404);
    expect(results.html).not.toContain("Your Answers");
    expect(await page(testPage, browser)).toMatchObject({ status: 302, location: "/join?code=DEMOCLASS" });
    expect((await apiClient(worker, browser).get(`/api/sessions/${sessionId}`)).status).toBe(401);

    // A teacher reads it whenever, in the admin shell.
    expect(await page(`/results/${sessionId}`, adminJar)).toMatchObject({ status: 302, location: `/admin/results/${sessionId}` });
    const teacherPage = await page(`/admin/results/${sessionId}`, adminJar);
    expect(teacherPage.status).toBe(200);
    expect(teacherPage.html).toContain("FINISHED-1");
  });
});

describe("all or nothing", () => {
  it("a start that fails leaves no class member behind", async () => {
    const empty = await admin.post("/api/tests", { title: "Nothing Yet", description: "No questions", gradeLevel: "6", subject: "Mathematics", questions: [] });
    expect(empty.status).toBe(201);
    const schoolClass = await admin.post("/api/cohorts", { name: "Empty Test Class", joinCode: "EMPTYTEST", testConfigId: empty.data.id });
    expect(schoolClass.status).toBe(201);

    const started = await joinAndStart(new CookieJar(), "EMPTY-1", "EMPTYTEST", schoolClass.data.id);
    expect(started.sessionId).toBeNull();
    expect(started.html).toContain("This test has no questions yet.");
    const members = await worker.d1.prepare("select count(*) as n from cohort_members where cohort_id = ?").bind(schoolClass.data.id).first("n");
    expect(members).toBe(0);
  });
});

describe("results elsewhere, and a retake", () => {
  it("sends a signed-out student's Retake Test to their class's join step, and says where results open", async () => {
    const browser = new CookieJar();
    const { sessionId } = await joinAndStart(browser, "RETAKE-1");
    await apiClient(worker, browser).post(`/api/sessions/${sessionId}/complete`);
    const results = await page(`/results/${sessionId}`, browser);
    expect(results.html).toMatch(/href="\/join\?code=DEMOCLASS"[^>]*>Retake Test</);

    // Another device: no 'has been deleted', but where the results can be read.
    const elsewhere = await page(`/results/${sessionId}`, new CookieJar());
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.html).not.toContain("has been deleted");
    expect(elsewhere.html).toContain("Results open on the device that took the test");
    expect(elsewhere.html).toContain("resume code");
  });
});
