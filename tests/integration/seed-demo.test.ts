import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { simulatedClass } from "~/domain/analytics/simulated-student";
import { dayIn, DEFAULT_DISTRICT_TIME_ZONE } from "~/domain/district/time-zone";
import { addDays, windowOf } from "~/domain/growth/testing-windows";
import { renderText } from "~/domain/i18n/catalog";
import { groupBy } from "~/lib/group-by";
import { DEMO_SEED, DEMO_STUDENT_COUNT, DEMO_TEST_MISSING } from "~/services/demo-class.server";

import { type ApiClient, demoClients, generateDemo, type JobAnswer, waitForJob } from "../support/api";
import { startWorker, type TestWorker } from "../support/worker";

/** POST /api/analytics/seed-demo and the Cohort Analytics page it leads to, through the real Worker. */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
type Seeded = { cohort: { id: string; name: string; joinCode: string }; test: { id: string; title: string }; students: number };
let seeded: Seeded;
let generation: Awaited<ReturnType<typeof generateDemo>>;
let seedMs: number;
/** Each student sits the test today and in the two windows before (Fall, Winter). */
const SITTINGS = 3;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
  const started = performance.now();
  generation = await generateDemo(admin);
  seedMs = performance.now() - started;
  expect(generation.job.status, JSON.stringify(generation.job)).toBe("succeeded");
  seeded = generation.job.result as Seeded;
}, 120_000);
afterAll(() => worker?.dispose());

type SessionRow = { id: string; user_id: string; completed: number; total_score: number | null; test_mode: string; answers: number };

const sessionsOfClass = async (classId: string) =>
  (
    await worker.d1
      .prepare(
        `select s.id, s.user_id, s.completed, s.total_score, s.test_mode, (select count(*) from session_answers a where a.session_id = s.id) as answers
         from sessions s where s.cohort_id = ?`,
      )
      .bind(classId)
      .all<SessionRow>()
  ).results;

describe("POST /api/analytics/seed-demo", () => {
  it("creates a class and a copy of the demo test, answers 202 with their ids and the job, and the job ends with them", async () => {
    console.info(`seed-demo: ${DEMO_STUDENT_COUNT} simulated students in ${Math.round(seedMs)} ms, through the queue`);
    const { queued } = generation;
    expect(queued.headers.get("Location")).toBe(`/api/jobs/${queued.data.jobId}`);
    expect(queued.data).toEqual({ ...seeded, jobId: expect.any(String), status: "pending", poll: `/api/jobs/${queued.data.jobId}` });
    expect(seeded).toEqual({
      cohort: { id: expect.any(String), name: "Demo Class (simulated)", joinCode: expect.stringMatching(/^[A-HJ-NP-Z2-9]{8}$/) },
      test: { id: expect.any(String), title: "Grade 6 Math Check-in (demo class)" },
      students: DEMO_STUDENT_COUNT,
    });
    const schoolClass = ((await admin.get("/api/cohorts")).data as { id: string }[]).find((row) => row.id === seeded.cohort.id);
    expect(schoolClass).toMatchObject({
      testConfigId: seeded.test.id,
      testMode: "placement",
      isActive: true,
      memberCount: DEMO_STUDENT_COUNT,
      sessionCount: SITTINGS * DEMO_STUDENT_COUNT,
    });
    // The same bank questions as the seeded demo test, in the same sections.
    const tests = (await admin.get("/api/tests")).data as { id: string; title: string; questions: { id: string }[] }[];
    const source = tests.find((test) => test.title === "Grade 6 Math Check-in")!;
    const copy = tests.find((test) => test.id === seeded.test.id)!;
    expect(copy.questions.map((question) => question.id)).toEqual(source.questions.map((question) => question.id));
  });

  it("has at least 30 students take it through the engine, in both modes, with every answer in D1", async () => {
    const rows = await sessionsOfClass(seeded.cohort.id);
    expect(rows.length).toBeGreaterThanOrEqual(30);
    const completed = rows.filter((row) => row.completed);
    expect(completed.length).toBeGreaterThanOrEqual(30);
    expect(rows.filter((row) => !row.completed).every((row) => row.answers === 3)).toBe(true);
    expect(new Set(rows.map((row) => row.test_mode))).toEqual(new Set(["placement", "diagnostic"]));
    for (const row of completed) {
      expect(row.answers, row.user_id).toBeGreaterThan(3);
      expect(row.total_score, row.user_id).not.toBeNull();
    }
    const scores = completed.map((row) => row.total_score!);
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThan(30);
    expect(new Set(scores).size).toBeGreaterThan(10);
  });

  it("gives the stronger simulated students higher scores on average", async () => {
    const thetaOf = new Map(simulatedClass(DEMO_STUDENT_COUNT, DEMO_SEED).map((simulated) => [simulated.studentId, simulated.theta]));
    const completed = (await sessionsOfClass(seeded.cohort.id)).filter((row) => row.completed);
    const byAbility = [...completed].sort((a, b) => thetaOf.get(a.user_id)! - thetaOf.get(b.user_id)!);
    const half = Math.floor(byAbility.length / 2);
    const mean = (rows: SessionRow[]) => rows.reduce((sum, row) => sum + row.total_score!, 0) / rows.length;
    expect(mean(byAbility.slice(half))).toBeGreaterThan(mean(byAbility.slice(0, half)) + 15);
  });

  it("logs every graded open answer, so the AI Grading Review of a demo session has something to review", async () => {
    const [row] = (await sessionsOfClass(seeded.cohort.id)).filter((candidate) => candidate.completed);
    const open = await worker.d1
      .prepare(
        "select count(*) as n from session_answers where session_id = ? and question_type in ('free_response', 'scenario', 'chat') and grading_score is not null",
      )
      .bind(row!.id)
      .first<{ n: number }>();
    const { status, data } = await admin.get(`/api/sessions/${row!.id}/ai-grading`);
    expect(status).toBe(200);
    expect(data.gradingLogs.length).toBe(open!.n);
    expect(data.gradingLogs.every((log: { aiModel: string }) => log.aiModel === "offline")).toBe(true);
  });

  it("leaves results readable through GET /api/sessions/{id}, as the object and D1 agree", async () => {
    const [row] = (await sessionsOfClass(seeded.cohort.id)).filter((candidate) => candidate.completed);
    const { status, data } = await admin.get(`/api/sessions/${row!.id}`);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      id: row!.id,
      cohortId: seeded.cohort.id,
      testConfigId: seeded.test.id,
      userId: row!.user_id,
      completed: true,
      totalScore: row!.total_score,
    });
    expect(Object.keys(data.answers)).toHaveLength(row!.answers);
    expect(data.scaleScore).toEqual(expect.any(Number));
  });

  it("refuses a non-empty or malformed body (400) and a body that is not JSON (415), creating nothing", async () => {
    const before = (await worker.d1.prepare("select count(*) as n from cohorts").first<{ n: number }>())!.n;
    expect(await admin.post("/api/analytics/seed-demo", { students: 5 })).toEqual({ status: 400, data: { message: "Send an empty JSON object: {}" } });
    expect((await admin.post("/api/analytics/seed-demo", [])).status).toBe(400);
    expect((await admin.post("/api/analytics/seed-demo", "{oops")).status).toBe(400);
    const form = await worker.request("/api/analytics/seed-demo", {
      method: "POST",
      jar: undefined,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(form.status).toBe(415);
    expect((await worker.d1.prepare("select count(*) as n from cohorts").first<{ n: number }>())!.n).toBe(before);
  });

  it("answers 409 and says why when there is no demo test to copy, from the API and the screen", async () => {
    const missing = renderText("en", DEMO_TEST_MISSING);
    expect(missing).toBe('Failed to generate demo data: the demo test "Grade 6 Math Check-in" is not in this product\'s tests.');
    // Neither the demo test nor an earlier copy of it to refresh.
    await worker.d1.prepare("update tests set title = 'Renamed ' || title where title like 'Grade 6 Math Check-in%'").run();
    try {
      expect(await admin.post("/api/analytics/seed-demo", {})).toEqual({ status: 409, data: { message: missing } });
      const jar = await worker.signIn("admin@example.com", "demo-admin-password");
      const screen = await worker.request("/admin/analytics?_data=routes%2Fadmin.analytics", {
        method: "POST",
        jar,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=generateDemo",
      });
      expect(screen.status).toBe(409);
      expect(await screen.json()).toMatchObject({ ok: false, intent: "generateDemo", toast: { description: missing, variant: "destructive" } });
    } finally {
      await worker.d1.prepare("update tests set title = substr(title, 9) where title like 'Renamed Grade 6 Math Check-in%'").run();
    }
  });

  it("answers 401 signed out, 403 to a student, and 405 to other methods", async () => {
    expect((await anonymous.post("/api/analytics/seed-demo", {})).status).toBe(401);
    expect((await student.post("/api/analytics/seed-demo", {})).status).toBe(403);
    const get = await admin.get("/api/analytics/seed-demo");
    expect(get.status).toBe(405);
    const put = await admin.put("/api/analytics/seed-demo", {});
    expect(put.status).toBe(405);
  });

  it("refreshes the one demo class and test in place when pressed again: the earlier sessions are replaced", async () => {
    const earlier = (await sessionsOfClass(seeded.cohort.id)).map((row) => row.id);
    const started = performance.now();
    const again = await generateDemo(admin);
    console.info(`seed-demo again: ${DEMO_STUDENT_COUNT} simulated students in ${Math.round(performance.now() - started)} ms`);
    expect(again.job.result).toEqual(seeded);
    expect(again.queued.data.jobId).not.toBe(generation.queued.data.jobId);
    const count = async (sql: string, value: string) => (await worker.d1.prepare(sql).bind(value).first<{ n: number }>())!.n;
    expect(await count("select count(*) as n from cohorts where name = ?", seeded.cohort.name)).toBe(1);
    expect(await count("select count(*) as n from tests where title = ?", seeded.test.title)).toBe(1);
    const now = await sessionsOfClass(seeded.cohort.id);
    expect(now.length).toBe(SITTINGS * DEMO_STUDENT_COUNT);
    expect(now.filter((row) => earlier.includes(row.id))).toEqual([]);
    expect(await count("select count(*) as n from cohort_members where cohort_id = ?", seeded.cohort.id)).toBe(DEMO_STUDENT_COUNT);
  }, 60_000);

  it("reports progress on the job, four students a part, and runs one part a delivery", () => {
    const progress = generation.views.map((view) => view.progress);
    // Polling may miss a figure, never reorder one: each seen is a whole part, rising to all 32.
    expect(progress.at(-1)).toEqual({ done: DEMO_STUDENT_COUNT, total: DEMO_STUDENT_COUNT });
    for (const [index, figure] of progress.entries()) {
      expect(figure!.done % 4, JSON.stringify(progress)).toBe(0);
      if (index > 0) expect(figure!.done).toBeGreaterThanOrEqual(progress[index - 1]!.done);
    }
    expect(generation.views.length).toBeGreaterThan(2);
    expect((generation.job as JobAnswer & { attempts: number }).attempts).toBe(DEMO_STUDENT_COUNT / 4);
  });

  it("answers the running generation to a second press, so the class never gets two sets of students", async () => {
    const first = await admin.post("/api/analytics/seed-demo", {});
    const second = await admin.post("/api/analytics/seed-demo", {});
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.data.jobId).toBe(first.data.jobId);
    expect((await waitForJob(admin, first.data.jobId as string)).at(-1)!.status).toBe("succeeded");
    expect((await sessionsOfClass(seeded.cohort.id)).length).toBe(SITTINGS * DEMO_STUDENT_COUNT);
  }, 120_000);

  it("leaves one session a student in each window when the queue delivers a part twice", async () => {
    const before = await sessionsOfClass(seeded.cohort.id);
    // The last part's four students, taken again by a second delivery of that part.
    const lastFour = simulatedClass(DEMO_STUDENT_COUNT, DEMO_SEED)
      .slice(-4)
      .map((simulated) => simulated.studentId);
    const jobId = crypto.randomUUID();
    const today = dayIn(Date.now(), DEFAULT_DISTRICT_TIME_ZONE);
    const input = {
      kind: "seed_demo",
      cohortId: seeded.cohort.id,
      testId: seeded.test.id,
      discard: [],
      earlierDays: [addDays(today, -135), addDays(today, -75)],
    };
    await worker.d1
      .prepare("insert into jobs (id, kind, status, input, progress, created_at, updated_at) values (?, 'seed_demo', 'running', ?, ?, ?, ?)")
      .bind(jobId, JSON.stringify(input), JSON.stringify({ done: 28, total: 32 }), Date.now(), Date.now())
      .run();
    const queue = await worker.mf.getQueueProducer<{ jobId: string; part: number }>("JOBS");
    await queue.send({ jobId, part: DEMO_STUDENT_COUNT / 4 - 1 });
    expect((await waitForJob(admin, jobId)).at(-1)).toMatchObject({ status: "succeeded", progress: { done: 32, total: 32 }, result: seeded });
    const after = await sessionsOfClass(seeded.cohort.id);
    expect(after.length).toBe(SITTINGS * DEMO_STUDENT_COUNT);
    expect(new Set(after.map((row) => row.user_id)).size).toBe(DEMO_STUDENT_COUNT);
    const replaced = before.filter((row) => !after.some((now) => now.id === row.id)).map((row) => row.user_id);
    expect(replaced.sort()).toEqual(lastFour.flatMap((id) => Array(SITTINGS).fill(id)).sort());
  }, 120_000);
});

describe("demo data across testing windows", () => {
  it("makes Fall, Winter and Spring (the last holding today) and gives every student one finished session in each", async () => {
    const today = dayIn(Date.now(), DEFAULT_DISTRICT_TIME_ZONE);
    const windows = (await admin.get("/api/windows")).data as { name: string; startsOn: string; endsOn: string }[];
    expect(windows.map(({ name, startsOn, endsOn }) => ({ name, startsOn, endsOn }))).toEqual([
      { name: "Fall", startsOn: addDays(today, -150), endsOn: addDays(today, -120) },
      { name: "Winter", startsOn: addDays(today, -90), endsOn: addDays(today, -60) },
      { name: "Spring", startsOn: addDays(today, -30), endsOn: addDays(today, 30) },
    ]);
    const rows = (
      await worker.d1
        .prepare("select user_id, start_time, completed from sessions where cohort_id = ? order by start_time")
        .bind(seeded.cohort.id)
        .all<{ user_id: string; start_time: number; completed: number }>()
    ).results;
    expect(rows).toHaveLength(SITTINGS * DEMO_STUDENT_COUNT);
    const byStudent = groupBy(rows, (row) => row.user_id);
    expect(byStudent.size).toBe(DEMO_STUDENT_COUNT);
    for (const [student, own] of byStudent) {
      expect(
        own.map((row) => windowOf(row.start_time, windows, DEFAULT_DISTRICT_TIME_ZONE)?.name),
        student,
      ).toEqual(["Fall", "Winter", "Spring"]);
      expect(own.every((row) => row.completed === 1)).toBe(true);
    }
  });
});

describe("POST /api/analytics/seed-demo with a grading model configured", () => {
  it("keeps the offline grades as final: no model call, no job, nothing left grading", async () => {
    const configured = await startWorker({ vars: { AI_API_KEY: "test-key", AI_BASE_URL: "http://127.0.0.1:9/v1" } });
    try {
      const { admin: configuredAdmin } = await demoClients(configured);
      const { job } = await generateDemo(configuredAdmin);
      expect(job.status, JSON.stringify(job)).toBe("succeeded");
      const { cohort: schoolClass } = job.result as Seeded;
      const ids = (await configured.d1.prepare("select id from sessions where cohort_id = ?").bind(schoolClass.id).all<{ id: string }>()).results;
      expect(ids.length).toBe(SITTINGS * DEMO_STUDENT_COUNT);
      for (const { id } of ids.slice(0, 8)) {
        const { data } = await configuredAdmin.get(`/api/sessions/${id}`);
        expect(data.gradingPending, id).toBe(0);
      }
      // The generation's own job is the only one: no grading job was queued.
      expect((await configured.d1.prepare("select kind, count(*) as n from jobs group by kind").all()).results).toEqual([{ kind: "seed_demo", n: 1 }]);
      // Logged as the offline grader's (no tokens, no cost), so the review page shows them.
      const logs = await configured.d1
        .prepare("select ai_model, count(*) as n, sum(total_tokens) as tokens from ai_grading_logs group by ai_model")
        .all<{ ai_model: string; n: number; tokens: number }>();
      expect(logs.results).toEqual([{ ai_model: "offline", n: expect.any(Number), tokens: 0 }]);
      expect(logs.results[0]!.n).toBeGreaterThan(30);
    } finally {
      await configured.dispose();
    }
  }, 120_000);
});

describe("Cohort Analytics page", () => {
  const page = async (path: string) => {
    const jar = await worker.signIn("admin@example.com", "demo-admin-password");
    const response = await worker.request(path, { jar });
    return { status: response.status, html: await response.text() };
  };

  it("draws the charts on the server as labelled SVG images, each with its table", async () => {
    const path = `/admin/analytics?cohortId=${seeded.cohort.id}&testConfigId=${seeded.test.id}`;
    const jar = await worker.signIn("admin@example.com", "demo-admin-password");
    await worker.request(path, { jar });
    const started = performance.now();
    const response = await worker.request(path, { jar });
    const html = await response.text();
    const pageMs = performance.now() - started;
    const { status } = response;
    expect(status).toBe(200);
    const charts = html.match(/<svg role="img" aria-label="[^"]+"/g) ?? [];
    expect(charts.length).toBe(4);
    for (const label of ["Score distribution of", "Scale-score distribution of", "Competency mastery for", "Success rate of the"]) {
      expect(html).toContain(`aria-label="${label}`);
    }
    expect(html).toContain("Show data as table");
    for (const caption of [
      "Completed sessions by score range",
      "Completed sessions by scale-score range",
      "Competency mastery",
      "The 10 questions with the lowest success rate",
      "Per-student performance",
    ]) {
      expect(html).toContain(`<caption class="sr-only">${caption}</caption>`);
    }
    for (const heading of [
      "Score distribution",
      "Struggling students",
      "Competency mastery",
      "Student performance",
      "Module recommendations",
      "Calibrated difficulty",
      "Discrimination",
    ]) {
      expect(html).toContain(heading);
    }
    expect(html).toContain("Back to Classes");
    expect(html).toContain(`/admin/analytics/export/students?cohortId=${seeded.cohort.id}&amp;testConfigId=${seeded.test.id}`);
    expect(html).toContain(`/admin/analytics/export/questions?cohortId=${seeded.cohort.id}&amp;testConfigId=${seeded.test.id}`);
    // Both export links download the report they sit beside.
    for (const kind of ["students", "questions"]) {
      const csv = await worker.request(`/admin/analytics/export/${kind}?cohortId=${seeded.cohort.id}&testConfigId=${seeded.test.id}`, { jar });
      expect(csv.status, kind).toBe(200);
      expect(csv.headers.get("Content-Type")).toContain("text/csv");
      expect((await csv.text()).split("\n").length, kind).toBeGreaterThan(10);
    }
    // The search card shows only with no class in the URL.
    expect(html).not.toContain("Find a class");
    const gzipped = new Blob([html]).stream().pipeThrough(new CompressionStream("gzip"));
    console.info(`analytics page: ${html.length} bytes, ${(await new Response(gzipped).arrayBuffer()).byteLength} gzipped, served in ${Math.round(pageMs)} ms`);
  });

  it("shows the search card only without a class, and the product's empty and not-found states", async () => {
    const search = await page("/admin/analytics");
    expect(search.status).toBe(200);
    expect(search.html).toContain("Find a class");
    expect(search.html).toContain('name="cohortId"');
    expect(search.html).not.toContain('role="img"');

    const empty = await admin.post("/api/cohorts", { name: "Nobody yet" });
    const none = await page(`/admin/analytics?cohortId=${empty.data.id}`);
    expect(none.status).toBe(200);
    expect(none.html).toContain(`No data found for cohort ${empty.data.id}`);
    expect(none.html).not.toContain("Find a class");

    for (const classId of ["no-such-class", "not%20an%20id", "x".repeat(300)]) {
      const missing = await page(`/admin/analytics?cohortId=${classId}`);
      expect(missing.status, classId).toBe(404);
      // The product's words first, the reason under them.
      expect(missing.html).toMatch(/Failed to fetch analytics<\/p><p[^>]*>Class Not Found/);
      expect(missing.html).toContain('href="/admin/cohorts"');
    }
  });

  it("generates demo data from the screen's action without JavaScript: progress on the class's page, then its analytics", async () => {
    const jar = await worker.signIn("admin@example.com", "demo-admin-password");
    const response = await worker.request("/admin/analytics", {
      method: "POST",
      jar,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=generateDemo",
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    const following = response.headers.get("Location")!;
    expect(following).toBe(`/admin/analytics?cohortId=${seeded.cohort.id}&testConfigId=${seeded.test.id}&demoJob=${following.split("demoJob=")[1]}`);
    const jobId = decodeURIComponent(following.split("demoJob=")[1]!);
    const running = await worker.request(following, { jar, redirect: "manual" });
    expect(running.status).toBe(200);
    const html = await running.text();
    expect(html).toMatch(/Preparing the demo class…|\d+ of 32 simulated students have taken the test/);
    expect(html).toContain("Check progress");

    await waitForJob(admin, jobId);
    const done = await worker.request(following, { jar, redirect: "manual" });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/analytics?cohortId=${seeded.cohort.id}&testConfigId=${seeded.test.id}`);
    const landed = await (await worker.request(done.headers.get("Location")!, { jar })).text();
    expect(landed).toContain("Demo data generated");
    expect(landed).toContain(`${DEMO_STUDENT_COUNT} simulated students took`);
  }, 60_000);
});
