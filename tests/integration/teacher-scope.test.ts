import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, clientFor, demoClients, teacherClient } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { oneRosterZip, uploadOneRoster } from "../support/oneroster";
import { startWorker, type TestWorker } from "../support/worker";

/**
 * Teachers see their own classes (ADR 0031), through the real Worker: the same calls made by
 * teacher A (owns class A), teacher B (co-teaches class B), a district admin and a student. What
 * is outside a teacher's classes is not found, never shown. The matrix below calls every route of
 * the built route table as teacher B with teacher A's ids, so a new route is covered the day it is
 * added, and an unclassified one fails.
 */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let teacherA: ApiClient;
let teacherB: ApiClient;
let jarA: CookieJar;
let jarB: CookieJar;
let classA: string;
let classB: string;
let studentA: string;
let studentB: string;
let sessionA: string;
let sessionB: string;
let testId: string;

/** What of teacher A's must never reach teacher B: the student's family name (also in the class's name) and their district ID. */
const A_NAME = "Quixalpha";
const A_DISTRICT_ID = "QA-1";

const addTeacher = (email: string) => teacherClient(worker, email);

async function startIn(classId: string, userId: string) {
  const started = await apiClient(worker, new CookieJar()).post("/api/sessions/start", {
    testConfigId: testId,
    testMode: "placement",
    userId,
    cohortId: classId,
  });
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  return started.data.sessionId as string;
}

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student } = await demoClients(worker));
  ({ client: teacherA, jar: jarA } = await addTeacher("teacher-a@school.example"));
  ({ client: teacherB, jar: jarB } = await addTeacher("teacher-b@school.example"));
  testId = ((await admin.get("/api/tests")).data as { id: string }[])[0]!.id;

  // Teacher A creates their own class; the district admin creates class B and B co-teaches it.
  classA = (await teacherA.post("/api/cohorts", { name: `${A_NAME} Period 1`, testConfigId: testId, testMode: "placement" })).data.id;
  classB = (await admin.post("/api/cohorts", { name: "B's Period 2", testConfigId: testId, testMode: "placement" })).data.id;
  const teacherBId = (await worker.d1.prepare("select id from users where email = 'teacher-b@school.example'").first<{ id: string }>())!.id;
  await worker.d1.prepare("insert into cohort_teachers (id, cohort_id, user_id) values (?, ?, ?)").bind(crypto.randomUUID(), classB, teacherBId).run();

  studentA = (await admin.post("/api/students", { studentId: A_DISTRICT_ID, givenName: "Ana", familyName: A_NAME, grade: "6" })).data.id;
  studentB = (await admin.post("/api/students", { studentId: "SB-1", givenName: "Bo", familyName: "Beta", grade: "6" })).data.id;
  expect((await admin.post(`/api/cohorts/${classA}/roster/${studentA}`)).status).toBe(201);
  expect((await admin.post(`/api/cohorts/${classB}/roster/${studentB}`)).status).toBe(201);
  // Both classes are open: the students type their IDs, which are on the rosters.
  sessionA = await startIn(classA, A_DISTRICT_ID);
  sessionB = await startIn(classB, "SB-1");
}, 60_000);
afterAll(() => worker?.dispose());

const ids = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

describe("lists show a teacher only their classes, students and sessions", () => {
  it("GET /api/cohorts", async () => {
    expect(ids((await teacherA.get("/api/cohorts")).data)).toEqual([classA]);
    expect(ids((await teacherB.get("/api/cohorts")).data)).toEqual([classB]);
    expect(ids((await admin.get("/api/cohorts")).data)).toEqual(expect.arrayContaining([classA, classB]));
    expect((await student.get("/api/cohorts")).status).toBe(403);
  });

  it("GET /api/students", async () => {
    expect(ids((await teacherA.get("/api/students")).data.students)).toEqual([studentA]);
    expect(ids((await teacherB.get("/api/students")).data.students)).toEqual([studentB]);
    expect(ids((await admin.get("/api/students")).data.students)).toEqual([studentA, studentB].sort());
    expect((await student.get("/api/students")).status).toBe(403);
  });

  it("GET /api/sessions, the Test Sessions screen and its CSV", async () => {
    expect(ids((await teacherA.get("/api/sessions")).data)).toEqual([sessionA]);
    expect(ids((await teacherB.get("/api/sessions")).data)).toEqual([sessionB]);
    expect(ids((await admin.get("/api/sessions")).data)).toEqual(expect.arrayContaining([sessionA, sessionB]));
    const csv = await (await worker.request("/admin/sessions/export", { jar: jarB })).text();
    expect(csv).toContain(sessionB);
    expect(csv).not.toContain(sessionA);
    const screen = await (await worker.request("/admin/sessions", { jar: jarB })).text();
    expect(screen).toContain("SB-1");
    expect(screen).not.toContain(A_DISTRICT_ID);
    expect((await student.get("/api/sessions")).status).toBe(403);
  });
});

/** The routes of the build (`npm run build`): the assets manifest the server build names, with each route's path, parent and exports. */
type ManifestRoute = { id: string; parentId?: string; path?: string; hasLoader: boolean; hasAction: boolean };

function builtRoutes(): ManifestRoute[] {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const serverBuild = readFileSync(`${root}/build/server/index.js`, "utf8");
  const manifestUrl = serverBuild.match(/\/build\/manifest-[A-Za-z0-9]+\.js/)?.[0];
  if (!manifestUrl) throw new Error(`No assets manifest named in build/server/index.js (found ${readdirSync(`${root}/public/build`).join(", ")})`);
  const source = readFileSync(`${root}/public${manifestUrl}`, "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as { routes: Record<string, ManifestRoute> };
  return Object.values(manifest.routes);
}

function urlPattern(routes: Record<string, ManifestRoute>, route: ManifestRoute): string {
  const segments: string[] = [];
  for (let at: ManifestRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) if (at.path) segments.unshift(at.path);
  return `/${segments.join("/")}`;
}

/** Path parameters that name a class, a student or a session, by the segment before them or by their name. */
const SCOPED_PARAMS: Record<string, "class" | "student" | "session"> = {
  "cohorts/:id": "class",
  "students/:id": "student",
  "sessions/:id": "session",
  // /test/{id} is a session's test page.
  "test/:id": "session",
  ":cohortId": "class",
  ":studentId": "student",
  ":sessionId": "session",
};

/**
 * Every route that takes no class, student or session id in its path, and why teacher B calling it
 * cannot reach teacher A's data. A route the build has and this table does not (and that takes no
 * such id) fails the test: classify it here when adding it.
 */
type Reach =
  | "a list or report filtered to the caller's classes in SQL"
  | "shared content (tests, bank, competencies, curriculums), no class data"
  | "a district admin's only: 403 to a teacher"
  | "a student's or a signed-out visitor's: join, pass and sign-in, no class data"
  | "the caller's own account"
  | "a layout or fallback: renders no data of its own";

const WITHOUT_SCOPED_ID: Record<string, Reach> = {
  root: "a layout or fallback: renders no data of its own",
  "routes/$": "a layout or fallback: renders no data of its own",
  "routes/api.$": "a layout or fallback: renders no data of its own",
  "routes/_index": "a layout or fallback: renders no data of its own",
  "routes/admin": "a layout or fallback: renders no data of its own",
  "routes/admin._index": "a list or report filtered to the caller's classes in SQL",
  "routes/admin.ai-grading._index": "a list or report filtered to the caller's classes in SQL",
  "routes/admin.analytics": "a list or report filtered to the caller's classes in SQL",
  "routes/admin.analytics.export.questions": "a list or report filtered to the caller's classes in SQL",
  "routes/admin.analytics.export.students": "a list or report filtered to the caller's classes in SQL",
  "routes/admin.cohorts": "a list or report filtered to the caller's classes in SQL",
  "routes/admin.sessions": "a list or report filtered to the caller's classes in SQL",
  "routes/admin.sessions.export": "a list or report filtered to the caller's classes in SQL",
  "routes/admin.students._index": "a list or report filtered to the caller's classes in SQL",
  "routes/api.cohorts": "a list or report filtered to the caller's classes in SQL",
  "routes/api.sessions": "a list or report filtered to the caller's classes in SQL",
  "routes/api.students": "a list or report filtered to the caller's classes in SQL",
  "routes/api.students.import": "a list or report filtered to the caller's classes in SQL",
  "routes/admin.competencies": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.curriculums": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.prerequisites": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.question-bank": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.question-bank.$id": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.question-bank.choices": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.tests.$id._index": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.tests.$id.edit": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.tests._index": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.tests.create": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.tests.generate": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.tests.import": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.competencies": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.competencies.$id": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.competencies.$id.prerequisites": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.curriculums": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.curriculums.$id": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.curriculums.$id.competencies": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.curriculums.$id.competencies.$competencyId": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.jobs.$id": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.modules": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.prerequisites.$id": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.prerequisites.bulk": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.questions": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.questions.$id": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.questions.$id.competencies": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.questions.$id.competencies.$competencyId": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.questions.competencies.all": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.questions.preview-grade": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.tests": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.tests.$id": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.tests.format": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.tests.generate": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.windows": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/api.windows.$id": "shared content (tests, bank, competencies, curriculums), no class data",
  "routes/admin.audit._index": "a district admin's only: 403 to a teacher",
  "routes/admin.audit.export": "a district admin's only: 403 to a teacher",
  "routes/admin.privacy": "a district admin's only: 403 to a teacher",
  "routes/admin.staff": "a district admin's only: 403 to a teacher",
  "routes/admin.windows": "a district admin's only: 403 to a teacher",
  "routes/api.analytics.seed-demo": "a district admin's only: 403 to a teacher",
  "routes/api.jobs.ping": "a district admin's only: 403 to a teacher",
  "routes/api.jobs.$id.refused": "a district admin's only: 403 to a teacher",
  "routes/api.roster.oneroster": "a district admin's only: 403 to a teacher",
  "routes/api.system.health": "a district admin's only: 403 to a teacher",
  "routes/api.users": "a district admin's only: 403 to a teacher",
  "routes/api.users.$id.role": "a district admin's only: 403 to a teacher",
  "routes/api.users.$id.reset-sign-in": "a district admin's only: 403 to a teacher",
  "routes/api.users.invitations": "a district admin's only: 403 to a teacher",
  "routes/api.users.invitations.$id": "a district admin's only: 403 to a teacher",
  "routes/api.users.invitations.$id.resend": "a district admin's only: 403 to a teacher",
  "routes/api.auth.callback": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/api.chat": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/api.cohort-members": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/api.cohorts.join.$joinCode": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/api.login": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/api.logout": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/api.sessions.start": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/join": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/join_.badge.$token": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/language": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/login": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/invite.$token": "a student's or a signed-out visitor's: join, pass and sign-in, no class data",
  "routes/api.auth.user": "the caller's own account",
};

/**
 * Writes whose body passes validation, so the call reaches the scope and not only the schema: the
 * generic body below is refused as a bad request by most of them. Keyed by route, for the routes
 * that take a class, student or session id.
 */
function validWrites(memberA: string): Record<string, { method: string; body: unknown }[]> {
  const record = { studentId: A_DISTRICT_ID, givenName: "Ana", familyName: "Changed", grade: "6" };
  const override = { questionId: "q", score: 100, reason: "Because" };
  return {
    "routes/api.cohorts.$id": [{ method: "PUT", body: { name: "Taken over" } }],
    "routes/api.cohorts.$id.accommodations": [{ method: "PUT", body: { studentIds: [studentA], accommodations: { readAloud: true } } }],
    "routes/api.cohorts.$id.roster.$studentId": [{ method: "POST", body: {} }],
    "routes/api.students.$id": [{ method: "PUT", body: record }],
    "routes/api.students.$id.accommodations": [{ method: "PUT", body: { readAloud: true } }],
    "routes/api.sessions.$id.grade-overrides": [{ method: "POST", body: override }],
    "routes/api.sessions.$id.grade-confirmations": [{ method: "POST", body: { questionId: "q" } }],
    "routes/api.sessions.$id.proctor": [{ method: "POST", body: { action: "end" } }],
    "routes/api.cohorts.$id.proctor": [
      { method: "POST", body: { action: "pause" } },
      { method: "POST", body: { action: "reset_pin_tries", studentId: A_DISTRICT_ID } },
    ],
    "routes/admin.cohorts_.$id": [
      { method: "POST", body: { intent: "unenroll", studentId: studentA } },
      { method: "POST", body: { intent: "enroll", studentId: studentB } },
      { method: "POST", body: { intent: "accommodations", studentIds: [studentA], accommodations: { readAloud: true } } },
    ],
    "routes/admin.cohorts_.$id_.badges": [
      { method: "POST", body: { intent: "new-badge", memberId: memberA } },
      { method: "POST", body: { intent: "reset-pin", memberId: memberA } },
    ],
    "routes/admin.students.$id": [
      { method: "POST", body: { intent: "update", values: record } },
      { method: "POST", body: { intent: "unenroll", cohortId: classA } },
      { method: "POST", body: { intent: "accommodations", values: { readAloud: true } } },
      { method: "POST", body: { intent: "delete" } },
    ],
    "routes/admin.cohorts_.$id_.live": [
      { method: "POST", body: { intent: "proctor", sessionIds: sessionA, action: "end" } },
      { method: "POST", body: { intent: "proctor-class", action: "pause" } },
      { method: "POST", body: { intent: "reset-pin", studentId: A_DISTRICT_ID } },
    ],
    "routes/admin.ai-grading.$sessionId": [{ method: "POST", body: { intent: "override", ...override } }],
  };
}

type Call = { routeId: string; method: string; path: string; scoped: boolean; reach: Reach | null; body?: unknown };

/** Each route's methods (its loader answers GET, its action every other), with teacher A's ids in its path. */
function matrixCalls(memberA = ""): { calls: Call[]; unclassified: string[]; stale: string[] } {
  const writes = validWrites(memberA);
  const list = builtRoutes();
  const routes = Object.fromEntries(list.map((route) => [route.id, route]));
  const idOf = { class: classA, student: studentA, session: sessionA };
  const calls: Call[] = [];
  const unclassified: string[] = [];
  for (const route of list) {
    const segments = urlPattern(routes, route).split("/");
    let scoped = false;
    const path = segments
      .map((segment, index) => {
        if (segment === "*") return "no-such-page";
        if (!segment.startsWith(":")) return segment;
        const kind = SCOPED_PARAMS[`${segments[index - 1]}/${segment}`] ?? SCOPED_PARAMS[segment];
        if (!kind) return "no-such-id";
        scoped = true;
        return idOf[kind];
      })
      .join("/");
    const reach = WITHOUT_SCOPED_ID[route.id] ?? null;
    if (!scoped && !reach) unclassified.push(route.id);
    const methods = [...(route.hasLoader ? ["GET"] : []), ...(route.hasAction ? ["POST", "PUT", "PATCH", "DELETE"] : [])];
    for (const method of methods) calls.push({ routeId: route.id, method, path: path || "/", scoped, reach });
    for (const { method, body } of scoped ? (writes[route.id] ?? []) : []) calls.push({ routeId: route.id, method, path, scoped, reach, body });
  }
  const stale = Object.keys(WITHOUT_SCOPED_ID).filter((id) => !routes[id]);
  return { calls, unclassified, stale };
}

/** Teacher A's records as D1 holds them: what no call of teacher B may change. */
async function teacherAData() {
  const read = (sql: string, id: string) => worker.d1.prepare(sql).bind(id).all();
  return {
    student: (await read("select district_student_id, given_name, family_name, email, accommodations, updated_at from students where id = ?", studentA))
      .results,
    class: (await read("select name, join_code, is_active, access, test_config_id from cohorts where id = ?", classA)).results,
    roster: (
      await read(
        "select student_id, student_record_id, display_name, accommodations, pin, badge_token from cohort_members where cohort_id = ? order by id",
        classA,
      )
    ).results,
    session: (await read("select cohort_id, user_id, completed, completion_reason from sessions where id = ?", sessionA)).results,
    overrides: (await read("select count(*) as n from grade_overrides where session_id = ?", sessionA)).results,
  };
}

describe("the route table: teacher B with teacher A's ids, on every route and method", () => {
  it("classifies every route that takes no class, student or session id, and lists none the build lacks", () => {
    const { calls, unclassified, stale } = matrixCalls();
    expect(unclassified, "routes to classify in WITHOUT_SCOPED_ID").toEqual([]);
    expect(stale, "classified routes the build no longer has").toEqual([]);
    expect(calls.filter((call) => call.scoped).length).toBeGreaterThan(40);
  });

  it("never gives teacher B teacher A's data, changes none of it, and refuses what only a district admin does", async () => {
    const before = await teacherAData();
    const memberA = (await worker.d1.prepare("select id from cohort_members where cohort_id = ?").bind(classA).first<{ id: string }>())!.id;
    const cookie = jarB.header();
    const generic = { cohortId: classA, studentId: studentA, sessionId: sessionA, studentIds: [studentA], id: studentA, memberId: memberA };
    const outcomes: { call: string; status: number; leaked: string[] }[] = [];
    const refusedRoutes = new Set<string>();
    const send = async (call: Call) => {
      // A jar of its own for each call, so that a route that signs out or hands out a pass changes no other call.
      const jar = new CookieJar();
      for (const pair of cookie.split("; ")) jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      const body = call.body ?? generic;
      const json = { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } };
      let response = await worker.request(call.path, { method: call.method, jar, ...(call.method === "GET" ? {} : json) });
      // A route that reads only a multipart form (the OneRoster upload) is called again with one,
      // encoded here: the Worker's dispatch would not add the boundary to a FormData body.
      if (response.status === 415) {
        const form = new FormData();
        for (const [key, value] of Object.entries(body as Record<string, unknown>)) form.set(key, String(value));
        const encoded = new Request("http://localhost/", { method: "POST", body: form });
        const multipart = { body: await encoded.arrayBuffer(), headers: { "Content-Type": encoded.headers.get("Content-Type")! } };
        response = await worker.request(call.path, { method: call.method, jar, ...multipart });
      }
      const text = `${response.headers.get("Location") ?? ""} ${await response.text()}`;
      // A's ids that B put in the path or the body are B's own words; anything else of A's is a leak.
      const sent = `${call.path} ${JSON.stringify(body)}`;
      const markers = [A_NAME, A_DISTRICT_ID, ...[classA, studentA, sessionA, memberA].filter((id) => !sent.includes(id))];
      const label = `${call.method} ${call.path} ${call.body ? JSON.stringify(call.body) : ""}`;
      outcomes.push({ call: label, status: response.status, leaked: markers.filter((marker) => text.includes(marker)) });
      expect(response.status, `${label}: a 500 is a bug`).toBeLessThan(500);
      expect(call.scoped && response.status < 300 ? label : null, "a 2xx to teacher B with teacher A's id").toBeNull();
      // Refused before the role check is read (a wrong method 405, a body it cannot read 415) or by it (403).
      if (call.reach === "a district admin's only: 403 to a teacher") expect([403, 405, 415], label).toContain(response.status);
      if (response.status === 403) refusedRoutes.add(call.routeId);
    };
    const { calls } = matrixCalls(memberA);
    // A few at a time: the Worker answers them concurrently, as it would its users.
    for (let start = 0; start < calls.length; start += 8) await Promise.all(calls.slice(start, start + 8).map(send));
    expect(outcomes.filter((outcome) => outcome.leaked.length)).toEqual([]);
    const districtOnly = Object.entries(WITHOUT_SCOPED_ID).flatMap(([id, reach]) => (reach === "a district admin's only: 403 to a teacher" ? [id] : []));
    expect(
      districtOnly.filter((id) => !refusedRoutes.has(id)),
      "district admin routes that never answered teacher B 403",
    ).toEqual([]);
    expect(await teacherAData()).toEqual(before);
    // What B was refused is still A's: the same calls reach it for teacher A and the district admin.
    expect((await teacherA.get(`/api/students/${studentA}`)).data).toMatchObject({ familyName: A_NAME, classes: [{ id: classA }] });
    expect((await teacherA.get(`/api/sessions/${sessionA}`)).status).toBe(200);
    expect((await teacherA.get(`/api/cohorts/${classA}/roster`)).status).toBe(200);
    expect((await teacherA.get(`/api/cohorts/${classA}/live`)).status).toBe(200);
    expect((await teacherA.get(`/api/analytics/cohort/${classA}`)).status).toBe(200);
    expect((await admin.get(`/api/students/${studentA}`)).status).toBe(200);
    expect((await admin.get(`/api/analytics/cohort/${classA}`)).status).toBe(200);
    expect((await worker.request(`/admin/students/${studentA}`, { jar: jarA })).status).toBe(200);
    expect((await worker.request(`/admin/results/${sessionA}`, { jar: jarA })).status).toBe(200);
  }, 60_000);

  it("answers 404 (not 403) for another teacher's class, student or session, so its existence is not told", async () => {
    for (const [method, path] of [
      ["GET", `/api/students/${studentA}`],
      ["PUT", `/api/cohorts/${classA}`],
      ["GET", `/api/sessions/${sessionA}`],
      ["POST", `/api/cohorts/${classA}/roster/${studentB}`],
      ["GET", `/api/cohorts/${classA}/live`],
    ] as const) {
      const body = method === "PUT" ? { name: "Taken over" } : method === "POST" ? {} : undefined;
      expect({ method, path, status: (await teacherB.request(method, path, body)).status }).toEqual({ method, path, status: 404 });
    }
    for (const path of [
      `/admin/students/${studentA}`,
      `/admin/results/${sessionA}`,
      `/admin/cohorts/${classA}`,
      `/admin/cohorts/${classA}/growth`,
      `/admin/cohorts/${classA}/live`,
    ]) {
      expect({ path, status: (await worker.request(path, { jar: jarB })).status }).toEqual({ path, status: 404 });
    }
  });
});

describe("what only a district admin does", () => {
  it("refuses a teacher the OneRoster import, a student's export and deletion, the audit log and retention (403)", async () => {
    expect((await uploadOneRoster(worker, jarA, oneRosterZip("v1.1"))).status).toBe(403);
    expect((await teacherA.get(`/api/students/${studentA}/export`)).status).toBe(403);
    expect((await teacherA.delete(`/api/students/${studentA}`)).status).toBe(403);
    // The student's page deletes through the same use-case (ADR 0038): refused by role, whether or not the student is the teacher's.
    for (const jar of [jarA, jarB]) {
      const erase = await worker.request(`/admin/students/${studentA}?_data=${encodeURIComponent("routes/admin.students.$id")}`, {
        method: "POST",
        jar,
        body: JSON.stringify({ intent: "delete" }),
        headers: { "Content-Type": "application/json" },
      });
      expect({ status: erase.status, toast: ((await erase.json()) as { toast: { description: string } }).toast.description }).toEqual({
        status: 403,
        toast: "Your role does not allow this.",
      });
    }
    expect((await worker.request("/admin/audit/export", { jar: jarA })).status).toBe(403);
    expect((await worker.request("/admin/privacy", { jar: jarA })).status).toBe(403);
    expect((await admin.get(`/api/students/${studentA}`)).status).toBe(200);
  });

  it("keeps a teacher in the admin shell when refused, saying what they cannot do and who can, and offers them no district admin's button", async () => {
    for (const [path, what] of [
      ["/admin/privacy", "change district settings (data retention, demo data)"],
      ["/admin/audit", "read the audit log"],
      ["/admin/windows", "set the district&#x27;s testing windows"],
    ]) {
      const page = await worker.request(path!, { jar: jarA });
      const html = await page.text();
      expect(page.status, path).toBe(403);
      expect(html, path).toContain("This is for district admins");
      expect(html, path).toContain(`Your account cannot ${what}: only a district admin can.`);
      expect(html, path).toContain('data-testid="sidebar"');
      expect(html, path).not.toContain("Join Your Class");
    }
    // The demo-data button is a district admin's: not on the teacher's Cohort Analytics, and pressing it anyway is the same page.
    expect(await (await worker.request("/admin/analytics", { jar: jarA })).text()).not.toContain("Generate demo data");
    const adminJar = await worker.signIn("admin@example.com", "demo-admin-password");
    expect(await (await worker.request("/admin/analytics", { jar: adminJar })).text()).toContain("Generate demo data");
    const pressed = await worker.request("/admin/analytics", {
      method: "POST",
      jar: jarA,
      body: new URLSearchParams({ intent: "generateDemo" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(pressed.status).toBe(403);
    expect(await pressed.text()).toContain("only a district admin can.");
  });

  it("shares tests and the question bank with every teacher", async () => {
    expect((await teacherB.get("/api/tests")).status).toBe(200);
    expect((await teacherB.get("/api/questions?page=1")).status).toBe(200);
    expect((await student.get("/api/tests")).status).toBe(403);
  });

  it("lets a teacher import a roster CSV only onto a class they teach", async () => {
    const csv = "Student ID,Given Name,Family Name,Grade\nSC-1,Cy,Gamma,6";
    expect((await teacherA.post("/api/students/import", { csv })).status).toBe(400);
    expect((await teacherA.post("/api/students/import", { csv, cohortId: classB })).status).toBe(404);
    expect((await teacherA.post("/api/students/import", { csv, cohortId: classA })).data).toMatchObject({ applied: true, created: { students: 1 } });
    expect(ids((await teacherA.get("/api/students")).data.students)).toHaveLength(2);
  });
});

describe("roles: a district admin makes teachers (PUT /api/users/{id}/role)", () => {
  it("lists accounts and changes a role, recorded in the audit log; the account then has the role's reach", async () => {
    const id = crypto.randomUUID();
    await worker.d1.prepare("insert into users (id, email, role) values (?, 'new-teacher@school.example', 'student')").bind(id).run();
    const { client: newcomer } = await clientFor(worker, "new-teacher@school.example");
    expect((await newcomer.get("/api/cohorts")).status).toBe(403);

    const accounts = (await admin.get("/api/users")).data as { email: string; role: string }[];
    expect(accounts).toEqual(expect.arrayContaining([expect.objectContaining({ email: "teacher-a@school.example", role: "teacher" })]));
    expect(await admin.put(`/api/users/${id}/role`, { role: "teacher" })).toEqual({
      status: 200,
      data: { id, email: "new-teacher@school.example", role: "teacher" },
    });
    expect(await newcomer.get("/api/cohorts")).toEqual({ status: 200, data: [] });
    const entry = await worker.d1.prepare("select actor_email, subject, detail from audit_log where action = 'role.changed'").first();
    expect(entry).toEqual({ actor_email: "admin@example.com", subject: `account:${id}`, detail: JSON.stringify({ from: "student", to: "teacher" }) });
  });

  it("refuses a bad role (400), an unknown account (404), one's own role (409), and anyone but a district admin", async () => {
    const adminId = (await worker.d1.prepare("select id from users where email = 'admin@example.com'").first<{ id: string }>())!.id;
    const someone = (await worker.d1.prepare("select id from users where email = 'teacher-b@school.example'").first<{ id: string }>())!.id;
    expect((await admin.put(`/api/users/${someone}/role`, { role: "principal" })).status).toBe(400);
    expect(await admin.put("/api/users/nobody/role", { role: "teacher" })).toEqual({ status: 404, data: { message: "Account Not Found" } });
    expect(await admin.put(`/api/users/${adminId}/role`, { role: "student" })).toEqual({
      status: 409,
      data: { message: "You cannot change your own role: ask another district admin." },
    });
    expect(await teacherA.put(`/api/users/${someone}/role`, { role: "admin" })).toEqual({ status: 403, data: { message: "Your role does not allow this." } });
    expect((await teacherA.get("/api/users")).status).toBe(403);
    expect((await student.get("/api/users")).status).toBe(403);
    expect((await apiClient(worker).get("/api/users")).status).toBe(401);
    expect((await worker.request("/admin/staff", { jar: jarA })).status).toBe(403);
    expect(await worker.d1.prepare("select role from users where id = ?").bind(someone).first("role")).toBe("teacher");
  });
});

const idOfAccount = async (email: string) => (await worker.d1.prepare("select id from users where email = ?").bind(email).first<{ id: string }>())!.id;

describe("invitations: a district admin invites by e-mail (POST /api/users/invitations, ADR 0040)", () => {
  it("answers 201 with the link once (no EMAIL binding: not e-mailed), keeps only its hash, lists it, and audits it", async () => {
    const invited = await admin.post("/api/users/invitations", { email: "New.Teacher@School.example", role: "teacher", givenName: "Nia", familyName: "Ng" });
    expect(invited.status).toBe(201);
    expect(invited.data).toEqual({
      id: expect.any(String),
      email: "new.teacher@school.example",
      role: "teacher",
      purpose: "invite",
      url: expect.stringMatching(/^http:\/\/localhost\/invite\/[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
      emailed: false,
    });
    const days = (Date.parse(invited.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    const token = (invited.data.url as string).split("/").pop()!;
    const stored = await worker.d1.prepare("select * from invitations where id = ?").bind(invited.data.id).first<Record<string, unknown>>();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await admin.get("/api/users/invitations")).data).toContainEqual(
      expect.objectContaining({ id: invited.data.id, email: "new.teacher@school.example", state: "pending", givenName: "Nia", familyName: "Ng" }),
    );
    expect(await worker.d1.prepare("select actor_email, subject from audit_log where action = 'account.invited'").first()).toEqual({
      actor_email: "admin@example.com",
      subject: `invitation:${invited.data.id}`,
    });
    const screen = await (await worker.request("/admin/staff", { jar: (await clientFor(worker, "admin@example.com")).jar })).text();
    expect(screen).toContain("Not accepted yet");
    expect(screen).toContain("new.teacher@school.example");
  });

  it("refuses a bad body (400), an address with a password (409), a teacher or student (403) and the signed out (401)", async () => {
    expect((await admin.post("/api/users/invitations", { email: "not-an-address", role: "teacher" })).status).toBe(400);
    expect(await admin.post("/api/users/invitations", { email: "x@school.example", role: "student" })).toEqual({
      status: 400,
      data: expect.objectContaining({ message: expect.stringContaining("role must be teacher or admin") }),
    });
    expect((await admin.post("/api/users/invitations", { email: "x@school.example", role: "teacher", extra: 1 })).status).toBe(400);
    expect((await admin.post("/api/users/invitations", { email: "admin@example.com", role: "teacher" })).status).toBe(409);
    expect((await teacherA.post("/api/users/invitations", { email: "x@school.example", role: "teacher" })).status).toBe(403);
    expect((await teacherA.get("/api/users/invitations")).status).toBe(403);
    expect((await student.post("/api/users/invitations", { email: "x@school.example", role: "teacher" })).status).toBe(403);
    expect((await apiClient(worker).post("/api/users/invitations", { email: "x@school.example", role: "teacher" })).status).toBe(401);
    expect(await worker.d1.prepare("select count(*) as n from invitations where email = 'x@school.example'").first("n")).toBe(0);
  });

  it("resends (a new link; the old one is gone, 410) and revokes (its link is gone); 404 for an unknown one, 409 once done", async () => {
    const first = (await admin.post("/api/users/invitations", { email: "resend@school.example", role: "admin" })).data;
    const resent = await admin.post(`/api/users/invitations/${first.id}/resend`);
    expect(resent.status).toBe(200);
    expect(resent.data).toMatchObject({ id: first.id, email: "resend@school.example", role: "admin", emailed: false });
    expect(resent.data.url).not.toBe(first.url);
    const path = (url: string) => new URL(url).pathname;
    expect((await worker.request(path(first.url))).status).toBe(410);
    expect((await worker.request(path(resent.data.url))).status).toBe(200);

    expect(await admin.delete(`/api/users/invitations/${first.id}`)).toEqual({ status: 200, data: { revoked: true } });
    const gone = await worker.request(path(resent.data.url));
    expect(gone.status).toBe(410);
    expect(await gone.text()).not.toContain("<form");
    expect((await admin.get("/api/users/invitations")).data).toContainEqual(expect.objectContaining({ id: first.id, state: "revoked" }));
    expect((await admin.delete(`/api/users/invitations/${first.id}`)).status).toBe(409);
    expect((await admin.post(`/api/users/invitations/${first.id}/resend`)).status).toBe(409);
    expect(await admin.delete("/api/users/invitations/nothing")).toEqual({ status: 404, data: { message: "Invitation Not Found" } });
    expect((await admin.post("/api/users/invitations/nothing/resend")).status).toBe(404);
    expect((await teacherA.delete(`/api/users/invitations/${first.id}`)).status).toBe(403);
    expect((await admin.request("GET", `/api/users/invitations/${first.id}`)).status).toBe(405);
    const actions = await worker.d1.prepare("select action from audit_log where subject = ? order by at").bind(`invitation:${first.id}`).all();
    expect(actions.results.map((row) => row.action)).toEqual(["account.invited", "account.invitation_resent", "account.invitation_revoked"]);
  });

  it("issues a reset link for an account with a password (201); 409 for one without, 404 for none, 403 for a teacher", async () => {
    const id = await idOfAccount("admin@example.com");
    const reset = await admin.post(`/api/users/${id}/reset-sign-in`);
    expect(reset.status).toBe(201);
    expect(reset.data).toMatchObject({ email: "admin@example.com", purpose: "reset", role: "admin", emailed: false });
    await admin.delete(`/api/users/invitations/${reset.data.id}`);
    expect((await admin.post(`/api/users/${await idOfAccount("teacher-a@school.example")}/reset-sign-in`)).status).toBe(409);
    expect(await admin.post("/api/users/nobody/reset-sign-in")).toEqual({ status: 404, data: { message: "Account Not Found" } });
    expect((await teacherA.post(`/api/users/${id}/reset-sign-in`)).status).toBe(403);
    expect((await apiClient(worker).post(`/api/users/${id}/reset-sign-in`)).status).toBe(401);
  });
});

describe("teachers on a class (POST / DELETE /api/cohorts/{id}/teachers/{userId}, ADR 0040)", () => {
  it("a district admin adds a teacher (201, then 200), who then sees the class and is listed on its page; removing takes it away", async () => {
    const classC = (await admin.post("/api/cohorts", { name: "C's Period 3" })).data.id as string;
    const teacherAId = await idOfAccount("teacher-a@school.example");
    expect(await admin.post(`/api/cohorts/${classC}/teachers/${teacherAId}`)).toEqual({
      status: 201,
      data: { cohortId: classC, userId: teacherAId, added: true },
    });
    expect((await admin.post(`/api/cohorts/${classC}/teachers/${teacherAId}`)).data.added).toBe(false);
    expect(ids((await teacherA.get("/api/cohorts")).data)).toEqual([classA, classC].sort());
    const page = await (await worker.request(`/admin/cohorts/${classC}`, { jar: (await clientFor(worker, "admin@example.com")).jar })).text();
    expect(page).toContain("teacher-a@school.example");
    expect(await admin.delete(`/api/cohorts/${classC}/teachers/${teacherAId}`)).toEqual({ status: 200, data: { removed: true } });
    expect(ids((await teacherA.get("/api/cohorts")).data)).toEqual([classA]);
    expect(await admin.delete(`/api/cohorts/${classC}/teachers/${teacherAId}`)).toEqual({
      status: 404,
      data: { message: "That Account Does Not Teach This Class" },
    });
    const audit = await worker.d1.prepare("select action from audit_log where subject = ? order by at").bind(`class:${classC}`).all();
    expect(audit.results.map((row) => row.action)).toEqual(["class.teacher_added", "class.teacher_removed"]);
  });

  it("the class's page does the same through its action, a district admin's only", async () => {
    const classD = (await admin.post("/api/cohorts", { name: "D's Period 4" })).data.id as string;
    const teacherAId = await idOfAccount("teacher-a@school.example");
    const adminJar = (await clientFor(worker, "admin@example.com")).jar;
    const screen = (jar: CookieJar, body: unknown) =>
      worker.request(`/admin/cohorts/${classD}`, { method: "POST", jar, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
    expect((await screen(adminJar, { intent: "add-teacher", userId: teacherAId })).status).toBe(200);
    expect(ids((await teacherA.get("/api/cohorts")).data)).toEqual([classA, classD].sort());
    // Teacher A now teaches class D, and still may not take themselves (or anyone) off it.
    expect((await screen(jarA, { intent: "remove-teacher", userId: teacherAId })).status).toBe(403);
    expect((await screen(adminJar, { intent: "remove-teacher", userId: teacherAId })).status).toBe(200);
    expect(ids((await teacherA.get("/api/cohorts")).data)).toEqual([classA]);
  });

  it("refuses a student's account (400), an unknown class or account (404), a teacher (403), the signed out (401) and GET (405)", async () => {
    const teacherAId = await idOfAccount("teacher-a@school.example");
    const studentId = await idOfAccount("student@example.com");
    expect(await admin.post(`/api/cohorts/${classB}/teachers/${studentId}`)).toEqual({
      status: 400,
      data: expect.objectContaining({ message: "That account is a student's: make it a teacher on Accounts & Roles first." }),
    });
    expect(await admin.post(`/api/cohorts/no-class/teachers/${teacherAId}`)).toEqual({ status: 404, data: { message: "Class Not Found" } });
    expect(await admin.post(`/api/cohorts/${classB}/teachers/nobody`)).toEqual({ status: 404, data: { message: "Account Not Found" } });
    // Teacher B teaches class B, and still may not choose who else does.
    expect((await teacherB.post(`/api/cohorts/${classB}/teachers/${teacherAId}`)).status).toBe(403);
    expect((await teacherB.delete(`/api/cohorts/${classB}/teachers/${await idOfAccount("teacher-b@school.example")}`)).status).toBe(403);
    expect((await apiClient(worker).post(`/api/cohorts/${classB}/teachers/${teacherAId}`)).status).toBe(401);
    expect((await admin.get(`/api/cohorts/${classB}/teachers/${teacherAId}`)).status).toBe(405);
    expect(ids((await teacherA.get("/api/cohorts")).data)).toEqual([classA]);
  });
});
