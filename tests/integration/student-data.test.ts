import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { TestSessionRpc } from "~/domain/sessions/session-contract";

import { type ApiClient, apiClient, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { answerFor } from "../support/session-answers";
import { startWorker, type TestWorker } from "../support/worker";

/**
 * A student's data rights through the real Worker (ADR 0030): everything held about them as one
 * export, and a deletion after which no table knows them (the audit log keeps only our id for
 * them), nor their session objects, nor a sign-in account. Their sessions are those linked to their
 * record, however many: a walk-in who typed their ID in an open class keeps theirs.
 */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let zoraId: string;
let walkInSession: string;
/** Zoraida's sessions: two taken through the engine, then older ones written straight to D1. */
const sessionIds: string[] = [];
const OLDER_SESSIONS = 23;
const ZORA_ACCOUNT = "account-of-zoraida";

const ZORA = { studentId: "ZQ-70017", givenName: "Zoraida", familyName: "Quintessa", grade: "6", email: "zoraida.q@school.example" };

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Every table (D1's own aside) with a text cell holding any of the needles: one query a table, each needle bound once. */
async function tablesHolding(...needles: string[]): Promise<string[]> {
  const { results: tables } = await worker.d1
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite%' and name not like '\\_%' escape '\\' and name <> 'd1_migrations'")
    .all<{ name: string }>();
  const holding: string[] = [];
  for (const { name } of tables) {
    const { results: columns } = await worker.d1.prepare(`select name from pragma_table_info('${name}')`).all<{ name: string }>();
    // Every cell of a row as one text, kept apart by a separator no needle holds (D1 caps an expression's depth at 100).
    const row = columns.map((column) => `coalesce(cast("${column.name}" as text), '')`).join(" || char(31) || ");
    const where = needles.map((_, index) => `instr(${row}, ?${index + 1}) > 0`).join(" or ");
    const found = await worker.d1
      .prepare(`select count(*) as n from "${name}" where ${where}`)
      .bind(...needles)
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
  const demo = classes.find((schoolClass) => schoolClass.joinCode === "DEMOCLASS")!;
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

  // Older sessions of hers, to bring her to 25: more than a statement may name (D1 binds at most 100 values).
  const older = Array.from({ length: OLDER_SESSIONS }, () => crypto.randomUUID());
  sessionIds.push(...older);
  const old = Date.now() - 100 * 24 * 60 * 60 * 1000;
  await worker.d1.batch(
    older.map((id) =>
      worker.d1
        .prepare(
          "insert into sessions (id, test_title, user_id, test_mode, student_record_id, completed, start_time, end_time) values (?, 'Older test', ?, 'placement', ?, 1, ?, ?)",
        )
        .bind(id, ZORA.studentId, zoraId, old, old + 600_000),
    ),
  );

  // A walk-in types her ID in an open class she is not on: that session and check-in are theirs, not hers.
  const openClass = (await admin.post("/api/cohorts", { name: "Open Lab", testConfigId: demo.testConfigId, testMode: "placement" })).data;
  const walkIn = await apiClient(worker, new CookieJar()).post("/api/sessions/start", {
    testConfigId: demo.testConfigId,
    testMode: "placement",
    userId: ZORA.studentId,
    cohortId: openClass.id,
  });
  walkInSession = walkIn.data.sessionId;
  await worker.d1
    .prepare("insert into cohort_members (id, cohort_id, student_id, display_name) values ('walk-in', ?, ?, 'Walk-in Wanda')")
    .bind(openClass.id, ZORA.studentId)
    .run();

  // Her sign-in account, with what the audit log holds of it and of her record.
  await worker.d1.batch([
    worker.d1
      .prepare("insert into users (id, email, first_name, last_name, role) values (?, ?, ?, ?, 'student')")
      .bind(ZORA_ACCOUNT, ZORA.email, ZORA.givenName, ZORA.familyName),
    worker.d1.prepare("insert into attempt_throttle (key, failures) values (?, 1)").bind(`account:${ZORA.email}`),
    worker.d1
      .prepare(
        "insert into audit_log (id, actor_id, actor_email, action, detail) values ('her-sign-in', ?, ?, 'account.signed_in', '{\"method\":\"password\"}')",
      )
      .bind(ZORA_ACCOUNT, ZORA.email),
    worker.d1
      .prepare(
        "insert into audit_log (id, actor_id, actor_email, action, student_record_id, subject, detail) values ('her-edit', 'admin', 'admin@example.com', 'grade.overridden', ?, ?, ?)",
      )
      .bind(zoraId, `session:${sessionIds[0]}`, JSON.stringify({ email: { from: "zq@old.example", to: ZORA.email } })),
  ]);
}, 120_000);
afterAll(() => worker?.dispose());

/** A session's object, reached as the app reaches it. */
async function sessionObject(id: string) {
  const namespace = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
  return namespace.get(namespace.idFromName(id));
}

describe("GET /api/students/{id}/export", () => {
  it("answers everything held about the student as a JSON download, and records that it was exported", async () => {
    const { status, data, headers } = await admin.get(`/api/students/${zoraId}/export`);
    expect(status).toBe(200);
    expect(headers.get("Content-Disposition")).toBe('attachment; filename="student-ZQ-70017-data.json"');
    expect(data.student).toMatchObject({ id: zoraId, studentId: "ZQ-70017", givenName: "Zoraida", email: "zoraida.q@school.example" });
    expect(data.enrollments).toEqual([expect.objectContaining({ className: "Demo Class", studentId: "ZQ-70017", rostered: true })]);
    // Her 25 sessions, not the walk-in's who typed her ID in the open class.
    expect(data.sessions.map((session: { id: string }) => session.id).sort()).toEqual([...sessionIds].sort());
    for (const session of data.sessions) {
      if (sessionIds.indexOf(session.id) < 2) expect(session.answers.length).toBeGreaterThanOrEqual(3);
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

  it("leaves the student as they were when the database refuses the deletion, and says so without its words", async () => {
    await worker.d1.prepare("create trigger refuse_erasure before delete on students begin select raise(abort, 'SQLITE-INTERNAL-DETAIL'); end").run();
    try {
      const { status, data } = await admin.delete(`/api/students/${zoraId}`);
      expect({ status, data }).toEqual({
        status: 502,
        data: { message: "The student's data could not be deleted, and nothing was changed. Please try again in a moment." },
      });
    } finally {
      await worker.d1.prepare("drop trigger refuse_erasure").run();
    }
    const count = (sql: string) => worker.d1.prepare(sql).bind(zoraId).first<{ n: number }>();
    expect(await count("select count(*) as n from sessions where student_record_id = ?")).toEqual({ n: 25 });
    expect(await count("select count(*) as n from students where id = ?")).toEqual({ n: 1 });
    expect(await worker.d1.prepare("select count(*) as n from session_discards").first()).toEqual({ n: 0 });
    expect(await worker.d1.prepare("select count(*) as n from deleted_students").first()).toEqual({ n: 0 });
    // Her session objects still hold her answers.
    expect(await (await sessionObject(sessionIds[0]!)).view()).toMatchObject({ ok: true });
  });

  it("erases the student with their 25 sessions, their sign-in account and what the audit log held of them; a walk-in's session with her ID stays", async () => {
    const answers = await worker.d1
      .prepare(`select count(*) as n from session_answers where session_id in (${sessionIds.map(() => "?").join(", ")})`)
      .bind(...sessionIds)
      .first<{ n: number }>();
    const { status, data } = await admin.delete(`/api/students/${zoraId}`);
    expect(status).toBe(200);
    expect(data).toEqual({
      deleted: true,
      removed: {
        sessions: 25,
        answers: answers!.n,
        gradingLogs: expect.any(Number),
        overrides: 0,
        archives: 0,
        jobs: expect.any(Number),
        students: 1,
        enrollments: 1,
        accounts: 1,
      },
      sessionObjectsLeft: 0,
    });

    expect(await tablesHolding("Zoraida", "Quintessa", "zoraida.q@school.example", "zq@old.example", ...sessionIds)).toEqual([]);
    // Her ID is still what the walk-in typed, on their session and check-in only.
    expect((await tablesHolding("ZQ-70017")).sort()).toEqual(["cohort_members", "sessions"]);
    // What stays of her is two keyed hashes (sourcedId, district ID), for the next roster import to ask about.
    expect(await worker.d1.prepare("select count(*) as n, count(source_id_hash) as sourced from deleted_students").first()).toEqual({ n: 1, sourced: 0 });
    expect((await worker.d1.prepare("select id from sessions where user_id = 'ZQ-70017'").all()).results).toEqual([{ id: walkInSession }]);
    expect(await (await sessionObject(walkInSession)).view()).toMatchObject({ ok: true });
    expect(await tablesHolding(zoraId)).toEqual(["audit_log"]);
    expect(await worker.d1.prepare("select count(*) as n from users where id = ?").bind(ZORA_ACCOUNT).first()).toEqual({ n: 0 });
    const entry = await worker.d1
      .prepare("select action, detail from audit_log where student_record_id = ? and action = 'student.deleted'")
      .bind(zoraId)
      .first<{ detail: string }>();
    expect(JSON.parse(entry!.detail)).toMatchObject({ sessions: 25, students: 1, accounts: 1, redactedAuditEntries: 3 });
    // The redacted entries keep who did what and when, as an opaque id.
    expect(await worker.d1.prepare("select actor_id, actor_email, action from audit_log where id = 'her-sign-in'").first()).toEqual({
      actor_id: ZORA_ACCOUNT,
      actor_email: null,
      action: "account.signed_in",
    });
    expect(await worker.d1.prepare("select actor_email, subject, detail from audit_log where id = 'her-edit'").first()).toEqual({
      actor_email: "admin@example.com",
      subject: null,
      detail: null,
    });

    // The session objects hold nothing: reading one answers that it never began.
    for (const id of sessionIds.slice(0, 2)) expect(await (await sessionObject(id)).view()).toEqual({ ok: false, reason: "not_begun" });
    const browser = apiClient(worker, new CookieJar());
    expect((await browser.get(`/api/sessions/${sessionIds[0]}`)).status).not.toBe(200);
    const probe = await admin.get(`/api/sessions/${sessionIds[0]}`);
    expect(probe.status).toBe(404);
    expect(await admin.get(`/api/students/${zoraId}`)).toEqual({ status: 404, data: { message: "Student Not Found" } });
  });

  it("keeps the audit log append-only: an entry can be neither changed nor removed, and only a gone person's e-mail, subject and detail blanked", async () => {
    await expect(worker.d1.prepare("update audit_log set action = 'account.signed_in'").run()).rejects.toThrow(/append-only/);
    await expect(worker.d1.prepare("delete from audit_log").run()).rejects.toThrow(/append-only/);
    // The admin's account and the walk-in's entries are no one deleted's.
    await expect(worker.d1.prepare("update audit_log set actor_email = null where actor_email = 'admin@example.com'").run()).rejects.toThrow(/append-only/);
    await expect(worker.d1.prepare("update audit_log set actor_email = 'someone@else.example' where id = 'her-sign-in'").run()).rejects.toThrow(/append-only/);
    await expect(worker.d1.prepare("update audit_log set detail = null where action = 'retention.changed' or student_record_id is null").run()).rejects.toThrow(
      /append-only/,
    );
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
