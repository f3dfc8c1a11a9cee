import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { answerFor } from "../support/session-answers";
import { startWorker, type TestWorker } from "../support/worker";

/**
 * A student's data rights through the real Worker (ADR 0030): everything held about them as one
 * export, and a deletion after which no table (but the audit log) knows them, nor their session
 * objects.
 */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let zoraId: string;
const sessionIds: string[] = [];

const ZORA = { studentId: "ZQ-70017", givenName: "Zoraida", familyName: "Quintessa", grade: "6", email: "zoraida.q@school.example" };

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Every text cell of every table (but the audit log and D1's own), searched for the needle. */
async function tablesHolding(needle: string): Promise<string[]> {
  const { results: tables } = await worker.d1
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite%' and name not like '\\_%' escape '\\' and name <> 'd1_migrations'")
    .all<{ name: string }>();
  const holding: string[] = [];
  for (const { name } of tables) {
    const { results: columns } = await worker.d1.prepare(`select name from pragma_table_info('${name}')`).all<{ name: string }>();
    const where = columns.map((column) => `instr(coalesce(cast("${column.name}" as text), ''), ?) > 0`).join(" or ");
    const found = await worker.d1
      .prepare(`select count(*) as n from "${name}" where ${where}`)
      .bind(...columns.map(() => needle))
      .first<{ n: number }>();
    if (found!.n > 0) holding.push(name);
  }
  return holding;
}

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
  zoraId = (await admin.post("/api/students", ZORA)).data.id;
  const classes = (await admin.get("/api/cohorts")).data as { id: string; joinCode: string; testConfigId: string }[];
  const demo = classes.find((cohort) => cohort.joinCode === "DEMOCLASS")!;
  expect((await admin.post(`/api/cohorts/${demo.id}/roster/${zoraId}`)).status).toBe(201);

  // Zoraida takes the demo test twice, answering a few questions each time.
  const browser = apiClient(worker, new CookieJar());
  for (let attempt = 0; attempt < 2; attempt++) {
    const started = await browser.post("/api/sessions/start", {
      testConfigId: demo.testConfigId,
      testMode: "placement",
      userId: ZORA.studentId,
      cohortId: demo.id,
    });
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const sessionId = started.data.sessionId as string;
    sessionIds.push(sessionId);
    let question = (await browser.get(`/api/sessions/${sessionId}/next-question`)).data.question;
    for (let step = 0; question && step < 3; step++) {
      const submitted = await browser.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer: answerFor(question), timeSpentSeconds: 5 });
      question = submitted.data.completed ? null : submitted.data.nextQuestion;
    }
    await browser.post(`/api/sessions/${sessionId}/complete`);
  }
  await waitFor(
    () =>
      worker.d1
        .prepare("select count(*) as n from session_answers where session_id in (?, ?)")
        .bind(...sessionIds)
        .first<{ n: number }>(),
    (row) => (row?.n ?? 0) >= 6,
  );
}, 120_000);
afterAll(() => worker?.dispose());

describe("GET /api/students/{id}/export", () => {
  it("answers everything held about the student as a JSON download, and records that it was exported", async () => {
    const { status, data, headers } = await admin.get(`/api/students/${zoraId}/export`);
    expect(status).toBe(200);
    expect(headers.get("Content-Disposition")).toBe('attachment; filename="student-ZQ-70017-data.json"');
    expect(data.student).toMatchObject({ id: zoraId, studentId: "ZQ-70017", givenName: "Zoraida", email: "zoraida.q@school.example" });
    expect(data.enrollments).toEqual([expect.objectContaining({ className: "Demo Class", studentId: "ZQ-70017", rostered: true })]);
    expect(data.sessions.map((session: { id: string }) => session.id).sort()).toEqual([...sessionIds].sort());
    for (const session of data.sessions) {
      expect(session.answers.length).toBeGreaterThanOrEqual(3);
      expect(session).toHaveProperty("gradingLogs");
      expect(session).toHaveProperty("gradeOverrides");
      expect(session).toHaveProperty("chatTranscripts");
      expect(session).not.toHaveProperty("resumeCode");
    }
    const audit = await worker.d1
      .prepare("select action, actor_email from audit_log where student_record_id = ? and action = 'student.exported'")
      .bind(zoraId)
      .all();
    expect(audit.results).toEqual([{ action: "student.exported", actor_email: "admin@example.com" }]);
  });

  it("is for admins (401, 403) and answers 404 for a student that does not exist", async () => {
    expect((await anonymous.get(`/api/students/${zoraId}/export`)).status).toBe(401);
    expect((await student.get(`/api/students/${zoraId}/export`)).status).toBe(403);
    expect(await admin.get("/api/students/nobody/export")).toEqual({ status: 404, data: { message: "Student Not Found" } });
    expect((await admin.post(`/api/students/${zoraId}/export`)).status).toBe(405);
  });
});

describe("DELETE /api/students/{id}", () => {
  it("is for admins and answers 404 for a student that does not exist, deleting nothing", async () => {
    expect((await anonymous.delete(`/api/students/${zoraId}`)).status).toBe(401);
    expect((await student.delete(`/api/students/${zoraId}`)).status).toBe(403);
    expect(await admin.delete("/api/students/nobody")).toEqual({ status: 404, data: { message: "Student Not Found" } });
    expect(await tablesHolding("ZQ-70017")).toEqual(expect.arrayContaining(["students", "cohort_members", "sessions"]));
  });

  it("erases the student and everything tied to them, answering the counts; afterwards no table but the audit log knows them", async () => {
    const answers = await worker.d1
      .prepare("select count(*) as n from session_answers where session_id in (?, ?)")
      .bind(...sessionIds)
      .first<{ n: number }>();
    const { status, data } = await admin.delete(`/api/students/${zoraId}`);
    expect(status).toBe(200);
    expect(data).toEqual({
      deleted: true,
      removed: {
        sessions: 2,
        answers: answers!.n,
        gradingLogs: expect.any(Number),
        overrides: 0,
        archives: 0,
        jobs: expect.any(Number),
        students: 1,
        enrollments: 1,
      },
    });

    for (const needle of ["ZQ-70017", "Zoraida", "Quintessa", "zoraida.q@school.example", ...sessionIds]) {
      expect({ needle, tables: await tablesHolding(needle) }).toEqual({ needle, tables: [] });
    }
    expect(await tablesHolding(zoraId)).toEqual(["audit_log"]);
    const entry = await worker.d1
      .prepare("select action, detail from audit_log where student_record_id = ? and action = 'student.deleted'")
      .bind(zoraId)
      .first<{ detail: string }>();
    expect(JSON.parse(entry!.detail)).toMatchObject({ sessions: 2, students: 1 });

    // The session objects hold nothing: reading one answers that it never began.
    const browser = apiClient(worker, new CookieJar());
    expect((await browser.get(`/api/sessions/${sessionIds[0]}`)).status).not.toBe(200);
    const probe = await admin.get(`/api/sessions/${sessionIds[0]}`);
    expect(probe.status).toBe(404);
    expect(await admin.get(`/api/students/${zoraId}`)).toEqual({ status: 404, data: { message: "Student Not Found" } });
  });

  it("keeps the audit log append-only: an entry can be neither changed nor removed", async () => {
    await expect(worker.d1.prepare("update audit_log set action = 'account.signed_in'").run()).rejects.toThrow(/append-only/);
    await expect(worker.d1.prepare("delete from audit_log").run()).rejects.toThrow(/append-only/);
  });
});

describe("the audit log screen and its CSV", () => {
  it("lists who did what to which student, filtered, and exports the same as CSV; nobody else sees it", async () => {
    const jar = await worker.signIn("admin@example.com", "demo-admin-password");
    const page = await worker.request("/admin/audit?action=student.deleted", { jar });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("Deleted a student and their data");
    expect(html).not.toContain("Exported a student&#x27;s data</td>");
    const csv = await worker.request("/admin/audit/export?action=student.exported", { jar });
    expect(csv.headers.get("Content-Type")).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text).toContain("When (UTC),Who,Action,What happened,Student (our id),Subject,Detail");
    expect(text).toContain(`admin@example.com,student.exported,Exported a student's data,${zoraId}`);
    expect(text).not.toContain("student.deleted");
    const signIns = await worker.request("/admin/audit/export?action=account.signed_in", { jar });
    expect(await signIns.text()).toContain("admin@example.com,account.signed_in");
    expect((await student.get("/admin/audit/export")).status).toBe(403);
    expect((await anonymous.get("/admin/audit/export")).status).toBe(401);
  });
});
