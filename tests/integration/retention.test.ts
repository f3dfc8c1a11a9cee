import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { TestSessionRpc } from "~/domain/sessions/session-contract";

import { type ApiClient, apiClient, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/** The retention setting and the scheduled purge (ADR 0030) through the real Worker and its Cron handler. */
let worker: TestWorker;
let admin: ApiClient;
let adminJar: CookieJar;
let oldSession: string;
let recentSession: string;
/** A session whose D1 rows an erasure removed before a crash stopped it emptying the object. */
let halfErased: string;
/** Expired sessions written straight to D1: more than a statement may name and more than one chunk. */
const BULK = 64;
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
    (schoolClass) => schoolClass.joinCode === "DEMOCLASS",
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
  halfErased = await start("S-CRASH");
  // The first ended 400 days ago; the second is still going.
  await worker.d1
    .prepare("update sessions set start_time = ?, end_time = ?, completed = 1 where id = ?")
    .bind(Date.now() - 401 * DAY, Date.now() - 400 * DAY, oldSession)
    .run();
  const ended = Date.now() - 500 * DAY;
  await worker.d1.batch([
    ...Array.from({ length: BULK }, (_, index) =>
      worker.d1
        .prepare("insert into sessions (id, test_title, user_id, test_mode, completed, start_time, end_time) values (?, 'Old test', ?, 'placement', 1, ?, ?)")
        .bind(`bulk-${String(index).padStart(2, "0")}`, `S-BULK-${index}`, ended, ended + 600_000),
    ),
    // What a crash between an erasure's D1 batch and its objects leaves: the rows gone, the object listed.
    worker.d1.prepare("delete from sessions where id = ?").bind(halfErased),
    worker.d1.prepare("insert into session_discards (session_id) values (?)").bind(halfErased),
  ]);
}, 60_000);

async function sessionObject(id: string) {
  const namespace = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
  return namespace.get(namespace.idFromName(id));
}
const privacyPage = async () => (await worker.request("/admin/privacy", { jar: adminJar })).text();
afterAll(() => worker?.dispose());

describe("retention", () => {
  it("is off by default: the page says so and the nightly purge deletes nothing, but empties what a crashed erasure left", async () => {
    expect(await (await sessionObject(halfErased)).view()).toMatchObject({ ok: true });
    const page = await privacyPage();
    expect(page).toContain("Retention is off: no session is deleted on a schedule.");
    expect(page).toContain("background jobs (roster imports, demo data, AI requests) are deleted 30 days after they finish");
    await runCron();
    expect((await sessionIds()).length).toBe(BULK + 2);
    expect(await (await sessionObject(halfErased)).view()).toEqual({ ok: false, reason: "not_begun" });
    expect(await worker.d1.prepare("select count(*) as n from session_discards").first()).toEqual({ n: 0 });
  });

  it("refuses a retention under 30 days and saves a year, recording who changed it", async () => {
    expect(await setRetention("7")).toMatchObject({ status: 400, result: { ok: false, fieldErrors: { days: "Keep sessions for at least 30 days" } } });
    expect((await setRetention("365")).result.ok).toBe(true);
    const entry = await worker.d1
      .prepare("select actor_email, detail from audit_log where action = 'retention.changed'")
      .first<{ actor_email: string; detail: string }>();
    expect(entry).toEqual({ actor_email: "admin@example.com", detail: JSON.stringify({ days: 365 }) });
    // Until the first run, the page says none has run, rather than nothing.
    expect(await privacyPage()).toContain("No purge has run yet: the first runs tonight.");
  });

  it("audits a purge that fails, without the database's words, and shows it on Data & Privacy", async () => {
    await worker.d1.prepare("create trigger refuse_purge before delete on sessions begin select raise(abort, 'SQLITE-INTERNAL-DETAIL'); end").run();
    try {
      await runCron();
    } finally {
      await worker.d1.prepare("drop trigger refuse_purge").run();
    }
    expect((await sessionIds()).length).toBe(BULK + 2);
    const entry = await worker.d1.prepare("select actor_email, detail from audit_log where action = 'retention.purge_failed'").first<{ detail: string }>();
    expect(entry).toEqual({ actor_email: null, detail: JSON.stringify({ reason: "database", purged: 0, left: BULK + 1 }) });
    const page = await privacyPage();
    expect(page).toContain("Last purge: failed at");
    expect(page).toContain(
      "The database refused to delete a chunk of sessions; nothing of that chunk was removed. 65 sessions are left for the next run, tonight.",
    );
    expect(page).toContain("No purge has succeeded yet.");
    expect(page).not.toContain("SQLITE");
  });

  it("previews what the next purge removes, then the purge erases exactly that, 64 and more, objects included", async () => {
    const preview = await privacyPage();
    expect(preview).toContain(`The next purge removes ${BULK + 1} of the ${BULK + 1} sessions that ended before`);
    // The cutoff is a year back: its date says which year.
    const cutoffYear = new Date(Date.now() - 365 * 24 * 60 * 60 * 1000).getUTCFullYear();
    expect(preview).toMatch(
      new RegExp(`ended before <time [^>]*data-local-time="year">[A-Z][a-z]{2} \\d{1,2}, ${cutoffYear}, \\d{1,2}:\\d{2} [AP]M UTC</time>`),
    );
    await runCron();
    expect(await sessionIds()).toEqual([recentSession]);
    expect((await admin.get(`/api/sessions/${oldSession}`)).status).toBe(404);
    expect(await (await sessionObject(oldSession)).view()).toEqual({ ok: false, reason: "not_begun" });
    expect((await admin.get(`/api/sessions/${recentSession}`)).status).toBe(200);
    // One entry for each chunk, each in its chunk's own batch.
    const entries = await worker.d1
      .prepare("select actor_email, detail from audit_log where action = 'retention.purged'")
      .all<{ actor_email: string | null; detail: string }>();
    expect(entries.results.map((entry) => entry.actor_email)).toEqual([null, null]);
    expect(entries.results.map((entry) => JSON.parse(entry.detail).sessions).sort()).toEqual([15, 50]);
    const page = await privacyPage();
    expect(page).toContain("The next purge removes nothing");
    expect(page).toMatch(/Last purge: <time/);
    expect(page).not.toContain("failed at");
  });

  it("is for admins only", async () => {
    const { student } = await demoClients(worker);
    expect((await student.post(`/admin/privacy?_data=${ROUTE}`, { intent: "set-retention", days: "" })).status).toBe(403);
    expect((await apiClient(worker).post(`/admin/privacy?_data=${ROUTE}`, { intent: "set-retention", days: "" })).status).toBe(401);
  });
});

describe("finished jobs", () => {
  const ago = (days: number) => Date.now() - days * DAY;
  /** Jobs straight into D1: a kind, a status and when it was created and finished. */
  async function insertJobs(rows: { id: string; status: string; createdDaysAgo: number; finishedDaysAgo: number | null }[]) {
    const insert = worker.d1.prepare(
      "insert into jobs (id, kind, status, input, result, created_at, updated_at, finished_at) values (?, 'roster_bundle', ?, '{}', '{\"refused\":[{\"reason\":\"ana@example.org is taken\"}]}', ?, ?, ?)",
    );
    await worker.d1.batch(
      rows.map((row) =>
        insert.bind(row.id, row.status, ago(row.createdDaysAgo), ago(row.createdDaysAgo), row.finishedDaysAgo === null ? null : ago(row.finishedDaysAgo)),
      ),
    );
  }
  const jobIds = async () =>
    (await worker.d1.prepare("select id from jobs where id like 'kept-%' or id like 'old-%' order by id").all<{ id: string }>()).results.map((row) => row.id);
  const purges = async () =>
    (await worker.d1.prepare("select detail from audit_log where action = 'jobs.purged' order by at, rowid").all<{ detail: string }>()).results.map((row) =>
      JSON.parse(row.detail),
    );

  it("are deleted 30 days after they finished, with the rows they kept, 1,000 a night; a job still running is kept", async () => {
    await insertJobs([
      { id: "old-succeeded", status: "succeeded", createdDaysAgo: 40, finishedDaysAgo: 31 },
      { id: "old-failed", status: "failed", createdDaysAgo: 31, finishedDaysAgo: 31 },
      { id: "kept-recent", status: "succeeded", createdDaysAgo: 45, finishedDaysAgo: 29 },
      { id: "kept-running", status: "running", createdDaysAgo: 60, finishedDaysAgo: null },
      { id: "kept-queued", status: "queued", createdDaysAgo: 60, finishedDaysAgo: null },
    ]);
    // The refused rows a bundle import keeps with its job.
    await worker.d1
      .prepare("insert into job_parts (job_id, part, body) values ('old-succeeded', 5001, '[\"ana@example.org\"]'), ('kept-recent', 5001, '[]')")
      .run();
    // More than a night deletes: 1,000 go tonight and the rest tomorrow.
    await worker.d1
      .prepare(
        `with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000)
         insert into jobs (id, kind, status, input, created_at, updated_at, finished_at) select printf('old-bulk-%04d', i), 'ping', 'succeeded', '{}', ?1, ?1, ?1 from n`,
      )
      .bind(ago(35))
      .run();
    expect(await jobIds()).toHaveLength(1_005);

    await runCron();
    expect((await jobIds()).filter((id) => id.startsWith("old-"))).toHaveLength(2);
    expect(await purges()).toEqual([{ deleted: 1_000, keptDays: 30 }]);

    await runCron();
    expect(await jobIds()).toEqual(["kept-queued", "kept-recent", "kept-running"]);
    expect(await worker.d1.prepare("select job_id from job_parts where job_id in ('old-succeeded', 'kept-recent')").all()).toMatchObject({
      results: [{ job_id: "kept-recent" }],
    });
    expect(await purges()).toEqual([
      { deleted: 1_000, keptDays: 30 },
      { deleted: 2, keptDays: 30 },
    ]);
    // Asked for afterwards, a deleted job is one the API does not know.
    expect((await admin.get("/api/jobs/old-succeeded")).status).toBe(404);

    // A night with nothing to delete writes nothing to the audit log.
    await runCron();
    expect(await purges()).toHaveLength(2);
  });

  it("take with them the files an import left in the bucket when it failed or crashed; a running import keeps its files", async () => {
    await insertJobs([
      { id: "kept-left-failed", status: "failed", createdDaysAgo: 1, finishedDaysAgo: 1 },
      { id: "kept-importing", status: "running", createdDaysAgo: 0, finishedDaysAgo: null },
    ]);
    const imports = await worker.mf.getR2Bucket("IMPORTS");
    const keys = [
      "roster-bundles/kept-left-failed/bundle.zip",
      "roster-bundles/kept-left-failed/part-0/outcome.json",
      "roster-bundles/kept-importing/layout.json",
      "roster-bundles/deleted-job/bundle.zip",
      "elsewhere/kept.txt",
    ];
    for (const key of keys) await imports.put(key, "x");

    await runCron();
    expect((await imports.list()).objects.map((object) => object.key).sort()).toEqual(["elsewhere/kept.txt", "roster-bundles/kept-importing/layout.json"]);
  });
});
