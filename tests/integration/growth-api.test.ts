import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { POINTS_PER_LOGIT, thetaOfScale } from "~/domain/adaptive/scale";
import { localPercentile } from "~/domain/growth/class-growth";

import { type ApiClient, clientFor, demoClients, teacherClient } from "../support/api";
import { unmarkedTexts } from "../support/pseudo-locale";
import { startWorker, type TestWorker } from "../support/worker";

/**
 * Growth through the real Worker: GET /api/students/{id}/growth and GET /api/cohorts/{id}/growth,
 * on testing windows and sessions written to D1 as the session objects leave them.
 */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let teacherA: ApiClient;
let teacherB: ApiClient;
let classA: string;
let classB: string;
let testId: string;
const ids: Record<string, string> = {};

const WINDOWS = [
  { id: "w-fall", name: "Fall 2025", startsOn: "2025-09-01", endsOn: "2025-09-30" },
  { id: "w-winter", name: "Winter 2026", startsOn: "2026-01-05", endsOn: "2026-01-31" },
  { id: "w-spring", name: "Spring 2026", startsOn: "2026-04-01", endsOn: "2026-04-30" },
];

const addTeacher = async (email: string) => (await teacherClient(worker, email)).client;

async function addStudent(studentId: string, givenName: string, familyName: string, classId: string | null) {
  const created = await admin.post("/api/students", { studentId, givenName, familyName, grade: "6" });
  expect(created.status, JSON.stringify(created.data)).toBe(201);
  if (classId) expect((await admin.post(`/api/cohorts/${classId}/roster/${created.data.id}`)).status).toBe(201);
  return created.data.id as string;
}

type SessionSeed = {
  recordId: string;
  cohortId: string | null;
  at: string;
  score: number;
  se?: number;
  nonStandard?: boolean;
  effort?: number | null;
  modules?: object;
};
let seeded = 0;
async function addSessions(rows: SessionSeed[]) {
  const insert = worker.d1.prepare(
    `insert into sessions (id, test_config_id, test_title, test_subject, user_id, test_mode, cohort_id, start_time, end_time, completed, total_score,
       theta, theta_se, student_record_id, non_standard, effort, module_recommendations)
     values (?, ?, 'Grade 6 Math Check-in', 'Mathematics', ?, 'placement', ?, ?, ?, 1, 60, ?, ?, ?, ?, ?, ?)`,
  );
  const ids: string[] = [];
  await worker.d1.batch(
    rows.map((row) => {
      seeded += 1;
      const id = `growth-session-${seeded}`;
      ids.push(id);
      const start = Date.parse(row.at);
      return insert.bind(
        id,
        testId,
        `typed-${seeded}`,
        row.cohortId,
        start,
        start + 600_000,
        // Sessions store θ; the seeds are written as the scale scores they stand for.
        thetaOfScale(row.score),
        (row.se ?? 3) / POINTS_PER_LOGIT,
        row.recordId,
        row.nonStandard ? 1 : 0,
        row.effort === undefined ? 1 : row.effort,
        JSON.stringify(row.modules ?? {}),
      );
    }),
  );
  return ids;
}

/** The nightly Cron, as wrangler.toml schedules it: the retention purge, the growth norms, the recalibration. */
const runNightly = async () => (await worker.mf.getWorker()).scheduled({ cron: "17 3 * * *" });

const auditCount = async (action: string, studentRecordId: string) =>
  (await worker.d1
    .prepare("select count(*) as n from audit_log where action = ? and student_record_id = ?")
    .bind(action, studentRecordId)
    .first<{ n: number }>())!.n;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
  teacherA = await addTeacher("growth-a@school.example");
  teacherB = await addTeacher("growth-b@school.example");
  testId = ((await admin.get("/api/tests")).data as { id: string }[])[0]!.id;
  classA = (await teacherA.post("/api/cohorts", { name: "Growth Period 1" })).data.id;
  classB = (await teacherB.post("/api/cohorts", { name: "Growth Period 2" })).data.id;
  ids.ada = await addStudent("G-1", "Ada", "Lovelace", classA);
  ids.ben = await addStudent("G-2", "Ben", "Okri", classA);
  ids.cy = await addStudent("G-3", "Cy", "Young", classA);
  ids.bea = await addStudent("G-9", "Bea", "Other", classB);
}, 60_000);
afterAll(() => worker?.dispose());

describe("before the district sets testing windows", () => {
  it("answers the student's sessions with no windows, and a class with no windows to compare", async () => {
    await addSessions([{ recordId: ids.ada!, cohortId: classA, at: "2025-09-10T10:00:00Z", score: 198 }]);
    const growth = await teacherA.get(`/api/students/${ids.ada}/growth`);
    expect(growth.status).toBe(200);
    expect(growth.data).toMatchObject({ windows: [], subjects: [], outsideWindows: [{ scaleScore: 198, counted: true }] });
    const schoolClass = await teacherA.get(`/api/cohorts/${classA}/growth`);
    expect(schoolClass.status).toBe(200);
    expect(schoolClass.data).toMatchObject({ windows: [], from: null, to: null, subjects: [] });
  });
});

describe("with three testing windows", () => {
  beforeAll(async () => {
    const insert = worker.d1.prepare("insert into testing_windows (id, name, starts_on, ends_on) values (?, ?, ?, ?)");
    await worker.d1.batch(WINDOWS.map((window) => insert.bind(window.id, window.name, window.startsOn, window.endsOn)));
    await addSessions([
      // Ada: Fall 198 (above), Winter 205 and a later low-effort one, Spring 214 and a later non-standard one.
      { recordId: ids.ada!, cohortId: classA, at: "2026-01-10T10:00:00Z", score: 205 },
      { recordId: ids.ada!, cohortId: classA, at: "2026-01-20T10:00:00Z", score: 170, effort: 0.5 },
      { recordId: ids.ada!, cohortId: classA, at: "2026-04-10T10:00:00Z", score: 214, se: 4, modules: { Fractions: "Recommended", Number: "Mastered" } },
      { recordId: ids.ada!, cohortId: classA, at: "2026-04-12T10:00:00Z", score: 190, nonStandard: true },
      // Ben: Winter 210, Spring 208. Cy: Spring only.
      { recordId: ids.ben!, cohortId: classA, at: "2026-01-11T10:00:00Z", score: 210 },
      { recordId: ids.ben!, cohortId: classA, at: "2026-04-11T10:00:00Z", score: 208 },
      { recordId: ids.cy!, cohortId: classA, at: "2026-04-13T10:00:00Z", score: 200 },
      // Bea, in teacher B's class.
      { recordId: ids.bea!, cohortId: classB, at: "2026-01-11T10:00:00Z", score: 190 },
    ]);
  });

  it("GET /api/students/{id}/growth: each window's sessions with their marks, its score and the growth from the window before", async () => {
    const before = await auditCount("student.growth_viewed", ids.ada!);
    const { status, data } = await teacherA.get(`/api/students/${ids.ada}/growth`);
    expect(status).toBe(200);
    expect(data.student).toEqual({ id: ids.ada, studentId: "G-1", givenName: "Ada", familyName: "Lovelace", grade: "6", language: null });
    expect(data.windows.map((window: { id: string }) => window.id)).toEqual(["w-fall", "w-winter", "w-spring"]);
    expect(data.outsideWindows).toEqual([]);
    expect(data.subjects).toHaveLength(1);
    const [fall, winter, spring] = data.subjects[0].windows;
    expect(data.subjects[0].subject).toBe("Mathematics");
    expect(fall).toMatchObject({ windowId: "w-fall", name: "Fall 2025", score: { scaleScore: 198, se: 3 }, growth: null });
    expect(
      winter.sessions.map((session: { scaleScore: number; marks: string[]; lowEffort: boolean; counted: boolean }) => [
        session.scaleScore,
        session.marks,
        session.lowEffort,
        session.counted,
      ]),
    ).toEqual([
      [205, [], false, true],
      [170, ["low_effort"], true, false],
    ]);
    expect(winter.sessions[0].testedOn).toBe("2026-01-10");
    expect(winter.score).toMatchObject({ scaleScore: 205 });
    expect(winter.growth).toEqual({ fromWindowId: "w-fall", growth: 7, seDifference: 4.2, beyondError: false });
    expect(spring.sessions[1]).toMatchObject({
      scaleScore: 190,
      nonStandard: true,
      marks: ["non_standard"],
      counted: false,
      testTitle: "Grade 6 Math Check-in",
    });
    expect(spring.score).toMatchObject({ scaleScore: 214, se: 4 });
    expect(spring.growth).toEqual({ fromWindowId: "w-winter", growth: 9, seDifference: 5, beyondError: false });
    expect(await auditCount("student.growth_viewed", ids.ada!)).toBe(before + 1);
  });

  it("GET /api/cohorts/{id}/growth: the last two windows with scores by default, every student, the median and how many moved beyond error", async () => {
    const { status, data } = await teacherA.get(`/api/cohorts/${classA}/growth`);
    expect(status).toBe(200);
    expect(data).toMatchObject({
      cohort: { id: classA, name: "Growth Period 1" },
      windowsWithScores: ["w-fall", "w-winter", "w-spring"],
      from: { id: "w-winter" },
      to: { id: "w-spring" },
      localNorms: { minimumStudents: 30, bandScalePoints: 5 },
    });
    expect(data.localNorms.note).toContain("not national norms");
    const [math] = data.subjects;
    expect(math).toMatchObject({ subject: "Mathematics", withGrowth: 2, medianGrowth: 3.5, grewBeyondError: 0, fellBeyondError: 0 });
    expect(
      math.students.map(
        (row: { name: string; start: { scaleScore: number } | null; end: { scaleScore: number } | null; growth: { growth: number } | null }) => [
          row.name,
          row.start?.scaleScore ?? null,
          row.end?.scaleScore ?? null,
          row.growth?.growth ?? null,
        ],
      ),
    ).toEqual([
      ["Ada Lovelace", 205, 214, 9],
      ["Ben Okri", 210, 208, -2],
      ["Cy Young", null, 200, null],
    ]);
    // The view is one entry naming each student shown, not one row a student.
    const entries = await worker.d1
      .prepare("select action, student_record_id, detail from audit_log where action like '%growth_viewed' and subject = ?")
      .bind(`class:${classA}`)
      .all<{ action: string; student_record_id: string | null; detail: string }>();
    expect(entries.results).toHaveLength(1);
    expect(entries.results[0]).toMatchObject({ action: "class.growth_viewed", student_record_id: null });
    expect(JSON.parse(entries.results[0]!.detail)).toEqual({ from: "w-winter", to: "w-spring", students: [ids.ada, ids.ben, ids.cy] });
  });

  it("the audit log names the students and the teacher while they exist, and finds the class view under each student it named", async () => {
    const jar = await worker.signIn("admin@example.com", "demo-admin-password");
    const html = await (await worker.request(`/admin/audit?student=${ids.ben}`, { jar })).text();
    const rows = html.split('data-testid="audit-entry"').slice(1);
    const classView = rows.find((row) => row.includes("Viewed a class&#x27;s growth"))!;
    expect(classView).toBeDefined();
    for (const name of ["Ada Lovelace", "Ben Okri", "Cy Young"]) expect(classView).toContain(`>${name}</a>`);
    expect(classView).toContain("T Eacher");
    expect(classView).toContain("{&quot;from&quot;:&quot;w-winter&quot;,&quot;to&quot;:&quot;w-spring&quot;}");
    expect(classView).not.toContain(ids.ben!.slice(0, 8) + "</a>");
  });

  it("compares the windows asked for, and gives local percentiles once 30 district students started near a student", async () => {
    // 34 other students in the district (on no roster A teaches) who started near Ada's 198 in Fall.
    const others: SessionSeed[] = [];
    const entries = [{ start: 198, growth: 16 }];
    for (let index = 0; index < 34; index += 1) {
      const recordId = await addStudent(`G-D${index}`, "District", `Student ${index}`, null);
      others.push({ recordId, cohortId: classB, at: "2025-09-12T10:00:00Z", score: 196 + (index % 5) });
      others.push({ recordId, cohortId: classB, at: "2026-04-12T10:00:00Z", score: 196 + (index % 5) + (index % 20) });
      entries.push({ start: 196 + (index % 5), growth: index % 20 });
    }
    const otherSessions = await addSessions(others);
    const view = async () => (await teacherA.get(`/api/cohorts/${classA}/growth?from=w-fall&to=w-spring`)).data;

    // Before the nightly run the view says when percentiles come, and reads no one else's sessions.
    const before = await view();
    expect(before.localNorms).toMatchObject({ computedAt: null, pending: expect.stringContaining("computed each night") });
    expect(before.subjects[0].students.find((row: { id: string }) => row.id === ids.ada)).toMatchObject({ localPercentile: null, localBandSize: null });

    await runNightly();
    const data = await view();
    expect(data).toMatchObject({ from: { id: "w-fall" }, to: { id: "w-spring" }, localNorms: { pending: null } });
    expect(Date.parse(data.localNorms.computedAt)).toBeGreaterThan(0);
    const [math] = data.subjects;
    const ada = math.students.find((row: { id: string }) => row.id === ids.ada);
    // Growth 16 (198 → 214): SE √(9 + 16) = 5, beyond 9.8.
    expect(ada).toMatchObject({ growth: { fromWindowId: "w-fall", growth: 16, seDifference: 5, beyondError: true }, localBandSize: 35 });
    // The percentile the view computed from every district session before norms were stored.
    expect(ada.localPercentile).toBe(localPercentile(entries, 198, 16).percentile);
    expect(math).toMatchObject({ withGrowth: 1, grewBeyondError: 1, districtStudents: 35 });
    // Nobody else on A's roster has a Fall score, so no other percentile.
    expect(math.students.filter((row: { localPercentile: number | null }) => row.localPercentile !== null)).toHaveLength(1);

    // The view reads the stored norms, not the district's sessions: without the others' sessions it answers the same until the next run.
    await worker.d1.batch(otherSessions.map((id) => worker.d1.prepare("delete from sessions where id = ?").bind(id)));
    expect((await view()).subjects[0].students.find((row: { id: string }) => row.id === ids.ada)).toEqual(ada);
    await runNightly();
    expect((await view()).subjects[0]).toMatchObject({
      districtStudents: 1,
      students: expect.arrayContaining([expect.objectContaining({ id: ids.ada, localBandSize: 1, localPercentile: null })]),
    });
  });

  it("the nightly job stores each window pair's norms, rewrites only a pair whose scores changed, and drops a deleted window's", async () => {
    const runs = async () =>
      (
        await worker.d1
          .prepare("select from_window_id || '>' || to_window_id as pair, digest, computed_at from growth_norm_runs order by pair")
          .all<{ pair: string; digest: string; computed_at: number }>()
      ).results;
    const first = await runs();
    expect(first.map((run) => run.pair)).toEqual(["w-fall>w-spring", "w-fall>w-winter", "w-winter>w-spring"]);
    // Winter → Spring: Ada (205 → 214) and Ben (210 → 208), one row a distinct start and growth.
    const points = await worker.d1
      .prepare(
        "select subject, start_score, growth, percentile, band_size from growth_norms where from_window_id = 'w-winter' and to_window_id = 'w-spring' order by start_score",
      )
      .all();
    expect(points.results).toEqual([
      { subject: "Mathematics", start_score: 205, growth: 9, percentile: null, band_size: 2 },
      { subject: "Mathematics", start_score: 210, growth: -2, percentile: null, band_size: 2 },
    ]);
    await runNightly();
    const second = await runs();
    expect(second.map((run) => run.digest)).toEqual(first.map((run) => run.digest));
    expect(second.every((run, index) => run.computed_at >= first[index]!.computed_at)).toBe(true);

    await worker.d1.prepare("insert into testing_windows (id, name, starts_on, ends_on) values ('w-summer', 'Summer 2026', '2026-06-01', '2026-06-30')").run();
    await runNightly();
    expect((await runs()).filter((run) => run.pair.includes("w-summer"))).toHaveLength(3);
    await worker.d1.prepare("delete from testing_windows where id = 'w-summer'").run();
    await runNightly();
    expect((await runs()).map((run) => run.pair)).toEqual(first.map((run) => run.pair));
    expect(await worker.d1.prepare("select count(*) as n from growth_norms where to_window_id = 'w-summer'").first("n")).toBe(0);
  });

  it("answers 400 for an unknown window, only one of the two, from not before to, or another query field", async () => {
    for (const [query, message] of [
      ["from=nope&to=w-spring", "from: no testing window has this id"],
      ["from=w-fall&to=nope", "to: no testing window has this id"],
      ["from=w-fall", "Choose both a from and a to window, or neither"],
      ["from=w-spring&to=w-fall", "from must be a testing window before to"],
      ["from=w-fall&to=w-fall", "from must be a testing window before to"],
    ] as const) {
      expect(await teacherA.get(`/api/cohorts/${classA}/growth?${query}`), query).toEqual({ status: 400, data: { message } });
    }
    expect((await teacherA.get(`/api/cohorts/${classA}/growth?window=w-fall`)).status).toBe(400);
    expect((await teacherA.get(`/api/cohorts/${classA}/growth?from=`)).status).toBe(400);
    expect((await teacherA.get(`/api/cohorts/${classA}/growth?from=${"x".repeat(300)}&to=w-fall`)).status).toBe(400);
  });

  it("answers 401 signed out and 403 to a student account", async () => {
    expect((await anonymous.get(`/api/students/${ids.ada}/growth`)).status).toBe(401);
    expect((await anonymous.get(`/api/cohorts/${classA}/growth`)).status).toBe(401);
    expect((await student.get(`/api/students/${ids.ada}/growth`)).status).toBe(403);
    expect((await student.get(`/api/cohorts/${classA}/growth`)).status).toBe(403);
  });

  it("answers 404 for another teacher's class or student (never telling it exists), and for unknown ids", async () => {
    expect(await teacherB.get(`/api/students/${ids.ada}/growth`)).toEqual({ status: 404, data: { message: "Student Not Found" } });
    expect(await teacherB.get(`/api/cohorts/${classA}/growth`)).toEqual({ status: 404, data: { message: "Class Not Found" } });
    // A bad window choice on a class the caller cannot see is still 404, not 400.
    expect((await teacherB.get(`/api/cohorts/${classA}/growth?from=nope&to=nope`)).status).toBe(404);
    expect(await admin.get("/api/students/no-such-student/growth")).toEqual({ status: 404, data: { message: "Student Not Found" } });
    expect(await admin.get("/api/cohorts/no-such-class/growth")).toEqual({ status: 404, data: { message: "Class Not Found" } });
    // The district admin sees every class.
    expect((await admin.get(`/api/cohorts/${classA}/growth`)).status).toBe(200);
    expect((await admin.get(`/api/students/${ids.bea}/growth`)).status).toBe(200);
  });

  it("answers 405 with Allow: GET to other methods", async () => {
    for (const path of [`/api/students/${ids.ada}/growth`, `/api/cohorts/${classA}/growth`]) {
      const answer = await teacherA.post(path, {});
      expect(answer.status).toBe(405);
      expect(answer.headers.get("Allow")).toBe("GET");
      expect((await teacherA.delete(path)).status).toBe(405);
    }
  });

  it("says how many students were left out and why, instead of only that no student has a score", async () => {
    const classC = (await teacherA.post("/api/cohorts", { name: "Growth Period 3" })).data.id as string;
    const rushed = await addStudent("G-20", "Lo", "Effort", classC);
    await addStudent("G-21", "Nia", "Absent", classC);
    await addSessions([
      { recordId: rushed, cohortId: classC, at: "2026-01-12T10:00:00Z", score: 160, effort: 0.3 },
      { recordId: rushed, cohortId: classC, at: "2026-04-12T10:00:00Z", score: 170, effort: 0.4 },
    ]);
    const { data } = await teacherA.get(`/api/cohorts/${classC}/growth`);
    expect(data).toMatchObject({ from: null, to: null, windowsWithScores: [], leftOut: { withSessions: 1, byMark: { low_effort: 1 }, withoutSessions: 1 } });
    const { jar } = await clientFor(worker, "growth-a@school.example");
    const html = await (await worker.request(`/admin/cohorts/${classC}/growth`, { jar })).text();
    expect(html).toContain(
      "No student of this class has a score in any testing window yet. 1 student was left out because no session of theirs counted: 1 of low effort (too many rapid guesses). 1 student has not taken a test in any testing window.",
    );
  });
});

describe("the screens", () => {
  it("show the student's growth, the family report and the class view; another teacher gets 404 pages", async () => {
    const { jar } = await clientFor(worker, "growth-a@school.example");
    const page = await worker.request(`/admin/students/${ids.ada}/growth`, { jar });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Growth · Ada Lovelace");
    expect(html).toContain("This score may not reflect what the student knows.");
    const report = await (await worker.request(`/admin/students/${ids.ada}/report?window=w-spring`, { jar })).text();
    expect(report).toContain("Ada&#x27;s scale score is 214. No test is exact: the score is likely between 206 and 222.");
    expect(report).toContain("Fractions");
    expect((await worker.request(`/admin/students/${ids.ada}/report?window=nope`, { jar })).status).toBe(404);
    expect(await auditCount("student.report_viewed", ids.ada!)).toBe(1);
    const schoolClass = await worker.request(`/admin/cohorts/${classA}/growth?from=w-spring&to=w-fall`, { jar });
    expect(schoolClass.status).toBe(200);
    expect(await schoolClass.text()).toContain("Those windows cannot be compared");

    const { jar: other } = await clientFor(worker, "growth-b@school.example");
    expect((await worker.request(`/admin/students/${ids.ada}/growth`, { jar: other })).status).toBe(404);
    expect((await worker.request(`/admin/students/${ids.ada}/report?window=w-spring`, { jar: other })).status).toBe(404);
    expect((await worker.request(`/admin/cohorts/${classA}/growth`, { jar: other })).status).toBe(404);
  });

  it("say a session of a Spanish test was taken in Spanish, in the growth answer and on the page (ADR 0044)", async () => {
    const { client, jar } = await clientFor(worker, "growth-a@school.example");
    const sessions = async () =>
      ((await client.get(`/api/students/${ids.ada}/growth`)).data.subjects[0].windows as { sessions: { language: string }[] }[]).flatMap(
        (entry) => entry.sessions,
      );
    expect(new Set((await sessions()).map((session) => session.language))).toEqual(new Set(["en"]));
    expect(await (await worker.request(`/admin/students/${ids.ada}/growth`, { jar })).text()).not.toContain("Taken in Spanish");
    await worker.d1.prepare("update tests set language = 'es' where id = ?").bind(testId).run();
    try {
      expect(new Set((await sessions()).map((session) => session.language))).toEqual(new Set(["es"]));
      expect(await (await worker.request(`/admin/students/${ids.ada}/growth`, { jar })).text()).toContain("Taken in Spanish");
    } finally {
      await worker.d1.prepare("update tests set language = 'en' where id = ?").bind(testId).run();
    }
  });

  it("shows the family report in Spanish or English with a switch that needs no JavaScript, the staff screen around it in English", async () => {
    const { jar } = await clientFor(worker, "growth-a@school.example");
    const report = async (query: string) =>
      (await (await worker.request(`/admin/students/${ids.ada}/report?window=w-spring${query}`, { jar })).text()).replaceAll("<!-- -->", "");
    const spanish = await report("&lang=es");
    expect(spanish).toMatch(/<html lang="es"/);
    expect(spanish).toContain("<title>Informe para la familia · Ada Lovelace · Spring 2026</title>");
    expect(spanish).toMatch(/<article [^>]*lang="es"/);
    expect(spanish).toContain("La puntuación en escala de Ada es 214. Ninguna prueba es exacta: lo más probable es que la puntuación esté entre 206 y 222.");
    expect(spanish).toContain("Grado 6 · Período de pruebas Spring 2026, del 1 de abril de 2026 al 30 de abril de 2026");
    expect(spanish).toContain("Mathematics, con la prueba “Grade 6 Math Check-in” el 10 de abril de 2026.");
    expect(spanish).toContain("Ya domina: Number.");
    expect(spanish).toContain("Esta prueba se tomó con una adaptación");
    // The switch back, and the staff screen, in English.
    expect(spanish).toMatch(/<a href="\?window=w-spring&amp;lang=en" lang="en"[^>]*>English<\/a>/);
    expect(spanish).toMatch(/<div class="report-screen-only[^"]*" lang="en">/);
    expect(spanish).toContain("Print Report");

    const english = await report("&lang=en");
    expect(english).toMatch(/<html lang="en"/);
    expect(english).toContain("Ada&#x27;s scale score is 214. No test is exact: the score is likely between 206 and 222.");
    expect(english).toMatch(/<a href="\?window=w-spring&amp;lang=es" lang="es"[^>]*>Español<\/a>/);
    // Without a choice, the record's language; a record without one reads English.
    expect(await report("")).toContain("Ada&#x27;s scale score is 214.");
    await worker.d1.prepare("update students set language = 'es' where id = ?").bind(ids.ada).run();
    try {
      expect(await report("")).toContain("La puntuación en escala de Ada es 214.");
      expect(await report("&lang=en")).toContain("Ada&#x27;s scale score is 214.");
    } finally {
      await worker.d1.prepare("update students set language = null where id = ?").bind(ids.ada).run();
    }

    const pseudo = await report("&lang=qps");
    const body = pseudo.slice(pseudo.indexOf("<article"), pseudo.indexOf("</article>"));
    const title = pseudo.slice(pseudo.indexOf("<title>"), pseudo.indexOf("</title>"));
    const userTexts = ["Ada Lovelace", "Ada", "Spring 2026", "Winter 2026", "Mathematics", "Grade 6 Math Check-in", "Fractions", "Number", "6"];
    expect(unmarkedTexts(body + title, userTexts)).toEqual([]);
    expect(body).toContain("⟦Whát á šçálé šçöré íš");
  });

  it("shows a grade written with its word once: Grade 5, never Grade Grade 5", async () => {
    const created = await admin.post("/api/students", { studentId: "G-30", givenName: "Gia", familyName: "Grade", grade: "Grade 5" });
    expect(created.status).toBe(201);
    const jar = await worker.signIn("admin@example.com", "demo-admin-password");
    for (const path of [`/admin/students/${created.data.id}`, `/admin/students/${created.data.id}/growth`]) {
      const html = await (await worker.request(path, { jar })).text();
      expect(html, path).toContain("Student ID G-30 · Grade 5");
      expect(html, path).not.toContain("Grade Grade");
    }
  });
});
