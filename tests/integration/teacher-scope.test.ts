import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, clientFor, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { oneRosterZip, uploadOneRoster } from "../support/oneroster";
import { startWorker, type TestWorker } from "../support/worker";

/**
 * Teachers see their own classes (ADR 0031), through the real Worker: the same calls made by
 * teacher A (owns class A), teacher B (co-teaches class B), a district admin and a student. What
 * is outside a teacher's classes is not found, never shown.
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

async function addTeacher(email: string) {
  await worker.d1
    .prepare("insert into users (id, email, first_name, last_name, role) values (?, ?, 'T', 'Eacher', 'teacher')")
    .bind(crypto.randomUUID(), email)
    .run();
  return clientFor(worker, email);
}

async function startIn(cohortId: string, userId: string) {
  const started = await apiClient(worker, new CookieJar()).post("/api/sessions/start", { testConfigId: testId, testMode: "placement", userId, cohortId });
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
  classA = (await teacherA.post("/api/cohorts", { name: "A's Period 1", testConfigId: testId, testMode: "placement" })).data.id;
  classB = (await admin.post("/api/cohorts", { name: "B's Period 2", testConfigId: testId, testMode: "placement" })).data.id;
  const teacherBId = (await worker.d1.prepare("select id from users where email = 'teacher-b@school.example'").first<{ id: string }>())!.id;
  await worker.d1.prepare("insert into cohort_teachers (id, cohort_id, user_id) values (?, ?, ?)").bind(crypto.randomUUID(), classB, teacherBId).run();

  studentA = (await admin.post("/api/students", { studentId: "SA-1", givenName: "Ana", familyName: "Alpha", grade: "6" })).data.id;
  studentB = (await admin.post("/api/students", { studentId: "SB-1", givenName: "Bo", familyName: "Beta", grade: "6" })).data.id;
  expect((await admin.post(`/api/cohorts/${classA}/roster/${studentA}`)).status).toBe(201);
  expect((await admin.post(`/api/cohorts/${classB}/roster/${studentB}`)).status).toBe(201);
  // Both classes are open: the students type their IDs, which are on the rosters.
  sessionA = await startIn(classA, "SA-1");
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
    expect(screen).not.toContain("SA-1");
    expect((await student.get("/api/sessions")).status).toBe(403);
  });
});

describe("another teacher's class, student or session is not found (404), never shown", () => {
  const cases = () =>
    [
      ["PUT", `/api/cohorts/${classA}`, { name: "Taken over" }],
      ["DELETE", `/api/cohorts/${classA}`, undefined],
      ["GET", `/api/cohorts/${classA}/roster`, undefined],
      ["POST", `/api/cohorts/${classA}/roster/${studentB}`, {}],
      ["DELETE", `/api/cohorts/${classA}/roster/${studentA}`, undefined],
      ["GET", `/api/students/${studentA}`, undefined],
      ["PUT", `/api/students/${studentA}`, { studentId: "SA-1", givenName: "Ana", familyName: "Changed", grade: "6" }],
      ["GET", `/api/sessions/${sessionA}`, undefined],
      ["GET", `/api/sessions/${sessionA}/ai-grading`, undefined],
      ["POST", `/api/sessions/${sessionA}/grade-overrides`, { questionId: "q", score: 100, reason: "Because" }],
      ["POST", `/api/sessions/${sessionA}/grade-confirmations`, { questionId: "q" }],
      ["GET", `/api/analytics/cohort/${classA}`, undefined],
      ["GET", `/api/students/${studentA}/growth`, undefined],
      ["GET", `/api/cohorts/${classA}/growth`, undefined],
    ] as const;

  it("through the API, for teacher B; teacher A and the district admin reach them", async () => {
    for (const [method, path, body] of cases()) {
      const response = await teacherB.request(method, path, body);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
      expect(JSON.stringify(response.data)).not.toContain("Alpha");
    }
    expect((await teacherA.get(`/api/students/${studentA}`)).data).toMatchObject({ familyName: "Alpha", classes: [{ id: classA }] });
    expect((await teacherA.get(`/api/sessions/${sessionA}`)).status).toBe(200);
    expect((await teacherA.get(`/api/cohorts/${classA}/roster`)).status).toBe(200);
    expect((await teacherA.get(`/api/analytics/cohort/${classA}`)).status).toBe(200);
    expect((await admin.get(`/api/students/${studentA}`)).status).toBe(200);
    expect((await admin.get(`/api/analytics/cohort/${classA}`)).status).toBe(200);
  });

  it("through the screens, for teacher B", async () => {
    for (const path of [
      `/admin/students/${studentA}`,
      `/admin/results/${sessionA}`,
      `/admin/cohorts/${classA}`,
      `/admin/cohorts/${classA}/badges`,
      `/admin/ai-grading/${sessionA}`,
      `/admin/students/${studentA}/growth`,
      `/admin/cohorts/${classA}/growth`,
    ]) {
      const response = await worker.request(path, { jar: jarB });
      const html = await response.text();
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(html).not.toContain("Alpha");
    }
    expect((await worker.request(`/admin/students/${studentA}`, { jar: jarA })).status).toBe(200);
    expect((await worker.request(`/admin/results/${sessionA}`, { jar: jarA })).status).toBe(200);
  });
});

describe("what only a district admin does", () => {
  it("refuses a teacher the OneRoster import, a student's export and deletion, the audit log and retention (403)", async () => {
    expect((await uploadOneRoster(worker, jarA, oneRosterZip("v1.1"))).status).toBe(403);
    expect((await teacherA.get(`/api/students/${studentA}/export`)).status).toBe(403);
    expect((await teacherA.delete(`/api/students/${studentA}`)).status).toBe(403);
    expect((await worker.request("/admin/audit/export", { jar: jarA })).status).toBe(403);
    expect((await worker.request("/admin/privacy", { jar: jarA })).status).toBe(403);
    expect((await admin.get(`/api/students/${studentA}`)).status).toBe(200);
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
    expect((await teacherA.put(`/api/users/${someone}/role`, { role: "admin" })).status).toBe(403);
    expect((await teacherA.get("/api/users")).status).toBe(403);
    expect((await student.get("/api/users")).status).toBe(403);
    expect((await apiClient(worker).get("/api/users")).status).toBe(401);
    expect((await worker.request("/admin/staff", { jar: jarA })).status).toBe(403);
    expect(await worker.d1.prepare("select role from users where id = ?").bind(someone).first("role")).toBe("teacher");
  });
});
