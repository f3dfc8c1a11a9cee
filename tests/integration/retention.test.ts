import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/** The retention setting and the scheduled purge (ADR 0030) through the real Worker and its Cron handler. */
let worker: TestWorker;
let admin: ApiClient;
let adminJar: CookieJar;
let oldSession: string;
let recentSession: string;
const DAY = 24 * 60 * 60 * 1000;
const ROUTE = encodeURIComponent("routes/admin.privacy");

async function setRetention(days: string) {
  const response = await worker.request(`/admin/privacy?_data=${ROUTE}`, {
    method: "POST",
    jar: adminJar,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "set-retention", days }),
  });
  return { status: response.status, result: (await response.json()) as { ok: boolean; fieldErrors: Record<string, string> } };
}

const runCron = async () => (await worker.mf.getWorker()).scheduled({ cron: "17 3 * * *" });
const sessionIds = async () => (await worker.d1.prepare("select id from sessions order by id").all<{ id: string }>()).results.map((row) => row.id);

beforeAll(async () => {
  worker = await startWorker();
  ({ admin } = await demoClients(worker));
  adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  const demo = ((await admin.get("/api/cohorts")).data as { id: string; joinCode: string; testConfigId: string }[]).find(
    (cohort) => cohort.joinCode === "DEMOCLASS",
  )!;
  const start = async (userId: string) =>
    (
      await apiClient(worker, new CookieJar()).post("/api/sessions/start", {
        testConfigId: demo.testConfigId,
        testMode: "placement",
        userId,
        cohortId: demo.id,
      })
    ).data.sessionId as string;
  oldSession = await start("S-OLD");
  recentSession = await start("S-NEW");
  // The first ended 400 days ago; the second is still going.
  await worker.d1
    .prepare("update sessions set start_time = ?, end_time = ?, completed = 1 where id = ?")
    .bind(Date.now() - 401 * DAY, Date.now() - 400 * DAY, oldSession)
    .run();
}, 60_000);
afterAll(() => worker?.dispose());

describe("retention", () => {
  it("is off by default: the page says so and the nightly purge deletes nothing", async () => {
    const page = await (await worker.request("/admin/privacy", { jar: adminJar })).text();
    expect(page).toContain("Retention is off: nothing is deleted on a schedule.");
    await runCron();
    expect(await sessionIds()).toEqual([oldSession, recentSession].sort());
  });

  it("refuses a retention under 30 days and saves a year, recording who changed it", async () => {
    expect(await setRetention("7")).toMatchObject({ status: 400, result: { ok: false, fieldErrors: { days: "Keep sessions for at least 30 days" } } });
    expect((await setRetention("365")).result.ok).toBe(true);
    const entry = await worker.d1
      .prepare("select actor_email, detail from audit_log where action = 'retention.changed'")
      .first<{ actor_email: string; detail: string }>();
    expect(entry).toEqual({ actor_email: "admin@example.com", detail: JSON.stringify({ days: 365 }) });
  });

  it("previews what the next purge removes, then the purge erases exactly that, objects included", async () => {
    const page = await (await worker.request("/admin/privacy", { jar: adminJar })).text();
    expect(page).toContain("The next purge removes 1 of the 1 sessions that ended before");
    await runCron();
    expect(await sessionIds()).toEqual([recentSession]);
    expect((await admin.get(`/api/sessions/${oldSession}`)).status).toBe(404);
    expect((await admin.get(`/api/sessions/${recentSession}`)).status).toBe(200);
    const entry = await worker.d1
      .prepare("select actor_email, detail from audit_log where action = 'retention.purged'")
      .first<{ actor_email: string | null; detail: string }>();
    expect(entry?.actor_email).toBeNull();
    expect(JSON.parse(entry!.detail)).toMatchObject({ sessions: 1 });
    expect(await (await worker.request("/admin/privacy", { jar: adminJar })).text()).toContain("The next purge removes nothing");
  });

  it("is for admins only", async () => {
    const { student } = await demoClients(worker);
    expect((await student.post(`/admin/privacy?_data=${ROUTE}`, { intent: "set-retention", days: "" })).status).toBe(403);
    expect((await apiClient(worker).post(`/admin/privacy?_data=${ROUTE}`, { intent: "set-retention", days: "" })).status).toBe(401);
  });
});
