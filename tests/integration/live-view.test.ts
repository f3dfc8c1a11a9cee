import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, clientFor, demoClients, teacherClient } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { runDurableObjectAlarm, storedKeys } from "../support/durable-object-alarms";
import { answerFor } from "../support/session-answers";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * The live view of a class testing (ADR 0046), through the real Worker: the session objects feed
 * the class's live object behind each student's request; GET /api/cohorts/{id}/live and the Live
 * page read it with the roster, idle and offline by the (moved) clock, scoped as the class is.
 */
let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let owner: ApiClient;
let ownerJar: CookieJar;
let outsider: ApiClient;
let adminJar: CookieJar;
let classId: string;
let testId: string;
const MINUTE = 60_000;

type LiveRow = { studentId: string; studentName: string; state: string; sessionId: string | null; [key: string]: unknown };

async function addStudent(studentId: string, givenName: string, accommodations?: Record<string, unknown>) {
  const created = await admin.post("/api/students", { studentId, givenName, familyName: "Live", grade: "6" });
  expect(created.status).toBe(201);
  if (accommodations) expect((await admin.put(`/api/students/${created.data.id}/accommodations`, accommodations)).status).toBe(200);
  expect((await admin.post(`/api/cohorts/${classId}/roster/${created.data.id}`)).status).toBe(201);
}

/** A student's own browser: its own cookie jar, so its own student pass. */
async function startAs(studentId: string) {
  const jar = new CookieJar();
  const browser = apiClient(worker, jar);
  const started = await browser.post("/api/sessions/start", { testConfigId: testId, testMode: "placement", userId: studentId, cohortId: classId });
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  return { browser, jar, sessionId: started.data.sessionId as string };
}

async function answerOne(browser: ApiClient, sessionId: string) {
  const { question } = (await browser.get(`/api/sessions/${sessionId}/next-question`)).data;
  expect((await browser.post(`/api/sessions/${sessionId}/submit`, { questionId: question.id, answer: answerFor(question), timeSpentSeconds: 5 })).status).toBe(
    200,
  );
}

async function rows(client: ApiClient = admin): Promise<LiveRow[]> {
  const live = await client.get(`/api/cohorts/${classId}/live`);
  expect(live.status).toBe(200);
  return live.data.students;
}

const rowOf = async (studentId: string) => (await rows()).find((row) => row.studentId === studentId)!;

/** The reports travel behind the student's response: wait (without a fixed sleep) until the class object has this one. */
async function liveRowOnce(studentId: string, done: (row: LiveRow) => boolean): Promise<LiveRow> {
  for (let tries = 0; ; tries++) {
    const row = await rowOf(studentId);
    if (done(row) || tries > 100) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  worker = await startWorker({ controllableClock: true, triggerableAlarms: true });
  ({ admin, student, anonymous } = await demoClients(worker));
  adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  ({ client: owner, jar: ownerJar } = await teacherClient(worker, "live-owner@school.example"));
  ({ client: outsider } = await teacherClient(worker, "live-outsider@school.example"));
  const questions = [];
  for (let index = 0; index < 3; index++) {
    const created = await admin.post("/api/questions", {
      text: `Live question ${index + 1}: which is ${index + 2} + ${index + 2}?`,
      type: "multiple_choice",
      difficulty: "medium",
      options: [0, 1, 2, 3].map((offset) => ({ text: `${2 * (index + 2) + offset}`, isCorrect: offset === 0, score: offset === 0 ? 1 : 0 })),
    });
    expect(created.status).toBe(201);
    questions.push({ id: created.data.id });
  }
  const test = await admin.post("/api/tests", {
    title: "Live check",
    description: "d",
    gradeLevel: "6",
    subject: "Math",
    placementDuration: 30,
    diagnosticDuration: 30,
    questions,
  });
  expect(test.status).toBe(201);
  testId = test.data.id;
  classId = (await owner.post("/api/cohorts", { name: "Live Period 3", testConfigId: testId, testMode: "placement" })).data.id;
  await addStudent("LV-ana", "Ana");
  await addStudent("LV-bo", "Bo", { breaks: true, breakMinutes: 10, readAloud: true });
  await addStudent("LV-cy", "Cy");
  await addStudent("LV-di", "Di");
}, 90_000);
afterAll(() => worker?.dispose());
afterEach(() => worker.setClockOffset(0));

describe("GET /api/cohorts/{id}/live", () => {
  it("shows the roster before anyone starts, then each student's start, answers, break and finish", async () => {
    const before = await owner.get(`/api/cohorts/${classId}/live`);
    expect(before.status).toBe(200);
    expect(before.data).toMatchObject({ cohortId: classId, updatedAt: expect.any(String) });
    expect(before.data.students.map((row: LiveRow) => [row.studentName, row.state])).toEqual([
      ["Ana Live", "not_started"],
      ["Bo Live", "not_started"],
      ["Cy Live", "not_started"],
      ["Di Live", "not_started"],
    ]);

    const ana = await startAs("LV-ana");
    const started = await liveRowOnce("LV-ana", (row) => row.state === "answering");
    expect(started).toMatchObject({
      sessionId: ana.sessionId,
      state: "answering",
      questionNumber: 1,
      questionsMax: 3,
      questionsAnswered: 0,
      lowEffort: false,
      accommodations: "None",
      lastSeenAt: expect.any(String),
    });
    expect(started.timeRemaining).toBeGreaterThan(29 * 60);

    await answerOne(ana.browser, ana.sessionId);
    expect(await liveRowOnce("LV-ana", (row) => row.questionsAnswered === 1)).toMatchObject({ state: "answering", questionNumber: 2, questionsAnswered: 1 });

    const bo = await startAs("LV-bo");
    expect((await bo.browser.post(`/api/sessions/${bo.sessionId}/pause`)).status).toBe(200);
    const onBreak = await liveRowOnce("LV-bo", (row) => row.state === "on_break");
    expect(onBreak).toMatchObject({ state: "on_break", questionNumber: null, accommodations: "breaks (up to 10 min), read aloud" });
    expect((await bo.browser.post(`/api/sessions/${bo.sessionId}/resume`)).status).toBe(200);
    expect((await liveRowOnce("LV-bo", (row) => row.state === "answering")).state).toBe("answering");

    const cy = await startAs("LV-cy");
    expect((await cy.browser.post(`/api/sessions/${cy.sessionId}/complete`)).status).toBe(200);
    const finished = await liveRowOnce("LV-cy", (row) => row.state === "finished");
    expect(finished).toMatchObject({ state: "finished", sessionId: cy.sessionId, questionNumber: null, score: expect.any(Number) });

    // Who needs attention comes first; finished last.
    expect((await rows()).map((row) => row.state)).toEqual(["answering", "answering", "not_started", "finished"]);
  });

  it("turns a quiet student idle after 2 minutes and offline after 5, by the clock at read time; a request brings them back", async () => {
    const di = await startAs("LV-di");
    await liveRowOnce("LV-di", (row) => row.state === "answering");
    await worker.setClockOffset(3 * MINUTE);
    expect((await rowOf("LV-di")).state).toBe("idle");
    // Idle comes first in the table.
    expect((await rows())[0]!.state).toBe("idle");
    // Reading the question (the API's next-question, as the page's own read) is a request of the student's.
    expect((await di.browser.get(`/api/sessions/${di.sessionId}/next-question`)).status).toBe(200);
    expect(await liveRowOnce("LV-di", (row) => row.state === "answering")).toMatchObject({ state: "answering", questionsAnswered: 0 });
    await worker.setClockOffset(9 * MINUTE);
    expect((await rowOf("LV-di")).state).toBe("offline");
    // Time left counts down from the report while answering.
    expect((await rowOf("LV-di")).timeRemaining as number).toBeLessThanOrEqual(21 * 60 + 5);
    await answerOne(di.browser, di.sessionId);
    expect((await liveRowOnce("LV-di", (row) => row.state === "answering")).questionsAnswered).toBe(1);
  });

  it("is for the class's teachers and district admins: 401 signed out, 403 a student, 404 another teacher's class or none, 405 other methods", async () => {
    expect((await rows(owner)).length).toBe(4);
    expect((await anonymous.get(`/api/cohorts/${classId}/live`)).status).toBe(401);
    expect((await student.get(`/api/cohorts/${classId}/live`)).status).toBe(403);
    expect(await outsider.get(`/api/cohorts/${classId}/live`)).toEqual({ status: 404, data: { message: "Class Not Found" } });
    expect((await admin.get("/api/cohorts/no-such-class/live")).status).toBe(404);
    expect((await admin.post(`/api/cohorts/${classId}/live`)).status).toBe(405);
  });
});

type TestSocket = {
  accept(): void;
  send(data: string): void;
  close(): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
};

/** A teacher's page opening its socket: GET /api/cohorts/{id}/live with `Upgrade: websocket`. */
async function openSocket(jar?: CookieJar, headers: Record<string, string> = {}) {
  const response = await worker.request(`/api/cohorts/${classId}/live`, { jar, headers: { Upgrade: "websocket", ...headers } });
  return { status: response.status, socket: (response as unknown as { webSocket: TestSocket | null }).webSocket };
}

/** The next message on the socket. */
const nextMessage = (socket: TestSocket) => new Promise<string>((resolve) => socket.addEventListener("message", (event) => resolve(String(event.data))));

describe("the live socket", () => {
  it("tells a watching teacher's page of each change the class object stores, and answers its ping", async () => {
    const { status, socket } = await openSocket(ownerJar);
    expect(status).toBe(101);
    socket!.accept();
    const pong = nextMessage(socket!);
    socket!.send("ping");
    expect(await pong).toBe("pong");
    // A student starting (a new member, so the page tests below count five).
    await addStudent("LV-eve", "Eve");
    const changed = nextMessage(socket!);
    const eve = await startAs("LV-eve");
    expect(await changed).toBe("changed");
    const answered = nextMessage(socket!);
    await answerOne(eve.browser, eve.sessionId);
    expect(await answered).toBe("changed");
    socket!.close();
  });

  it("is refused as the API is: 401 signed out, 404 another teacher's class, 403 from another site's page", async () => {
    expect((await openSocket()).status).toBe(401);
    const { jar } = await clientFor(worker, "live-outsider@school.example");
    expect((await openSocket(jar)).status).toBe(404);
    expect((await openSocket(ownerJar, { Origin: "https://elsewhere.example" })).status).toBe(403);
  });
});

describe("the Live page", () => {
  it("shows the summary line, the table with its caption and a Refresh link, without JavaScript", async () => {
    const response = await worker.request(`/admin/cohorts/${classId}/live`, { jar: ownerJar });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/data-testid="live-summary"[^>]*>[^<]*\d+ answering[^<]*1 finished/);
    expect(html).toContain(`<caption`);
    expect(html).toContain("Students of Live Period 3");
    const refresh = html.match(/<a[^>]*data-testid="live-refresh"[^>]*>/)?.[0];
    expect(refresh).toContain(`href="/admin/cohorts/${classId}/live"`);
    expect(html).toContain('<label for="live-state"');
    expect(html).toContain("Finished (");
  });

  it("filters by state in the URL, and is not found for another teacher's class", async () => {
    const html = await (await worker.request(`/admin/cohorts/${classId}/live?state=finished`, { jar: adminJar })).text();
    expect(html).toContain("Students of Live Period 3: finished (1 of 5)");
    expect(html).toContain("Cy Live");
    expect(html).not.toContain("Ana Live");
    const { jar } = await clientFor(worker, "live-outsider@school.example");
    expect((await worker.request(`/admin/cohorts/${classId}/live`, { jar })).status).toBe(404);
  });

  it("is linked from the class page, and from Test Sessions while a session of the class is in progress", async () => {
    expect(await (await worker.request(`/admin/cohorts/${classId}`, { jar: ownerJar })).text()).toContain(`href="/admin/cohorts/${classId}/live"`);
    const sessions = await (await worker.request("/admin/sessions", { jar: ownerJar })).text();
    expect(sessions).toContain(`href="/admin/cohorts/${classId}/live"`);
    expect(sessions).toContain("Watch Live");
  });
});

/** The class's rows once `done` holds of them (the reports travel behind the requests), or as they are after a while. */
async function rowsOnce(done: (all: LiveRow[]) => boolean): Promise<LiveRow[]> {
  for (let tries = 0; ; tries++) {
    const all = await rows();
    if (done(all) || tries > 100) return all;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The audit rows of an action about a subject, their detail parsed. */
async function auditedDetails(action: string, subject: string) {
  const { results } = await worker.d1
    .prepare("select detail from audit_log where action = ? and subject = ? order by at")
    .bind(action, subject)
    .all<{ detail: string }>();
  return results.map((row) => JSON.parse(row.detail) as Record<string, unknown>);
}

const proctor = (client: ApiClient, sessionId: string, body: unknown) => client.post(`/api/sessions/${sessionId}/proctor`, body);

// After the page tests, which count the class's students.
describe("POST /api/sessions/{id}/proctor", () => {
  it("pauses, adds minutes, resumes and ends a student's session: the student's requests and the class's row follow, each audited", async () => {
    await addStudent("LV-gus", "Gus");
    const gus = await startAs("LV-gus");
    await liveRowOnce("LV-gus", (row) => row.state === "answering");

    const paused = await proctor(owner, gus.sessionId, { action: "pause" });
    expect(paused).toMatchObject({ status: 200, data: { sessionId: gus.sessionId, paused: true, pausedByTeacher: true, extraMinutes: 0 } });
    expect(await liveRowOnce("LV-gus", (row) => row.state === "paused_by_teacher")).toMatchObject({ questionNumber: null });
    // The student can neither answer nor resume it; their page says so in plain words, with no Resume.
    expect((await gus.browser.get(`/api/sessions/${gus.sessionId}`)).data).toMatchObject({ paused: true });
    expect((await gus.browser.post(`/api/sessions/${gus.sessionId}/resume`)).status).toBe(409);
    const testPage = `/test/${testId}?session=${gus.sessionId}`;
    const pausedPage = await (await worker.request(testPage, { jar: gus.jar })).text();
    expect(pausedPage).toContain("Your teacher paused your test");
    expect(pausedPage).toContain("Your test continues when your teacher resumes it.");
    expect(pausedPage).not.toMatch(/<button[^>]*>Resume Test</);
    expect(pausedPage).not.toContain('data-testid="question-text"');

    const extended = await proctor(owner, gus.sessionId, { action: "extend", minutes: 5 });
    expect(extended).toMatchObject({ status: 200, data: { extraMinutes: 5 } });
    expect(extended.data.timeRemaining).toBeGreaterThan(34 * 60);

    expect(await proctor(owner, gus.sessionId, { action: "resume" })).toMatchObject({ status: 200, data: { paused: false, pausedByTeacher: false } });
    expect((await liveRowOnce("LV-gus", (row) => row.state === "answering")).timeRemaining as number).toBeGreaterThan(34 * 60);
    // The question is back, with the added minutes announced until the student's next answer.
    const questionPage = await (await worker.request(testPage, { jar: gus.jar })).text();
    expect(questionPage).toMatch(/data-testid="teacher-notice"[^>]*>Your teacher gave you 5 more minutes\.</);
    await answerOne(gus.browser, gus.sessionId);
    expect(await (await worker.request(testPage, { jar: gus.jar })).text()).toMatch(/data-testid="teacher-notice"[^>]*><\/p>/);

    expect(await proctor(admin, gus.sessionId, { action: "end" })).toMatchObject({
      status: 200,
      data: { completed: true, completedReason: "ended_by_teacher" },
    });
    expect(await liveRowOnce("LV-gus", (row) => row.state === "finished")).toMatchObject({ questionsAnswered: 1, score: expect.any(Number) });
    const session = (await gus.browser.get(`/api/sessions/${gus.sessionId}`)).data;
    expect(session).toMatchObject({ completed: true, completedReason: "ended_by_teacher", questionsNotAnswered: 2 });
    // The student's page goes to the results, which say who ended it; the teacher's say it and the added time.
    const ended = await worker.request(testPage, { jar: gus.jar });
    expect(ended.headers.get("Location")).toBe(`/results/${gus.sessionId}`);
    expect(await (await worker.request(`/results/${gus.sessionId}`, { jar: gus.jar })).text()).toContain("Your teacher ended your test after 1 question.");
    const teacherResults = await (await worker.request(`/admin/results/${gus.sessionId}`, { jar: ownerJar })).text();
    expect(teacherResults).toContain("Completed, ended by the teacher");
    expect(teacherResults).toContain("Given 5 extra minutes");

    expect(await auditedDetails("session.proctored", `session:${gus.sessionId}`)).toEqual([
      { action: "pause" },
      { action: "extend", minutes: 5 },
      { action: "resume" },
      { action: "end" },
    ]);
  });

  it("refuses: 400 a bad body, 401 signed out, 403 a student, 404 another teacher's session or none, 405 GET, 409 what the state does not allow", async () => {
    await addStudent("LV-hal", "Hal");
    const hal = await startAs("LV-hal");
    for (const body of [{ action: "sleep" }, { action: "extend" }, { action: "extend", minutes: 0 }, { action: "extend", minutes: 121 }, {}]) {
      expect((await proctor(owner, hal.sessionId, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await proctor(anonymous, hal.sessionId, { action: "pause" })).status).toBe(401);
    expect((await proctor(student, hal.sessionId, { action: "pause" })).status).toBe(403);
    expect((await proctor(hal.browser, hal.sessionId, { action: "pause" })).status).toBe(401);
    expect(await proctor(outsider, hal.sessionId, { action: "pause" })).toMatchObject({ status: 404 });
    expect((await proctor(admin, "no-such-session", { action: "pause" })).status).toBe(404);
    expect((await owner.get(`/api/sessions/${hal.sessionId}/proctor`)).status).toBe(405);

    expect(await proctor(owner, hal.sessionId, { action: "resume" })).toMatchObject({
      status: 409,
      data: { message: "This test session is not paused by the teacher, so there is nothing to resume." },
    });
    expect((await proctor(owner, hal.sessionId, { action: "pause" })).status).toBe(200);
    expect((await proctor(owner, hal.sessionId, { action: "pause" })).status).toBe(409);
    expect((await proctor(owner, hal.sessionId, { action: "end" })).status).toBe(200);
    for (const body of [{ action: "end" }, { action: "extend", minutes: 5 }, { action: "pause" }]) {
      expect(await proctor(owner, hal.sessionId, body)).toMatchObject({ status: 409, data: { message: "This test session is already over." } });
    }
    // Nothing refused was audited.
    expect((await auditedDetails("session.proctored", `session:${hal.sessionId}`)).map((detail) => detail.action)).toEqual(["pause", "end"]);
  });
});

describe("POST /api/cohorts/{id}/proctor", () => {
  const classProctor = (client: ApiClient, body: unknown, id = classId) => client.post(`/api/cohorts/${id}/proctor`, body);

  it("pauses every session of the class in progress at once and resumes them, answering the counts, audited once each", async () => {
    // The sessions ended above, once their reports (behind the requests) have arrived.
    const ended = ["LV-cy", "LV-gus", "LV-hal"];
    const settled = await rowsOnce((all) => ended.every((studentId) => all.find((row) => row.studentId === studentId)?.state === "finished"));
    const inProgress = settled.filter((row) => row.state !== "finished" && row.sessionId !== null).length;
    expect(inProgress).toBeGreaterThan(1);
    // D1 learns of a completion behind the session's object: the sessions it still lists as in progress are asked too, and skipped.
    // The sessions D1 still holds as in progress are asked too: D1 learns of a completion behind the
    // session's object, so those ended above may be among them (as many as its write has not reached), and are skipped.
    const maySkip = ended.length;
    const pauseAll = await classProctor(owner, { action: "pause" });
    expect(pauseAll).toEqual({ status: 200, data: { paused: inProgress, skipped: expect.any(Number) } });
    expect(pauseAll.data.skipped).toBeLessThanOrEqual(maySkip);
    // The rows of students who started at the real clock (Di's last report is from a clock moved on, and later ones wait for it).
    const watched = ["LV-ana", "LV-bo", "LV-eve"];
    const pausedRows = (all: LiveRow[]) => all.filter((row) => watched.includes(row.studentId) && row.state === "paused_by_teacher").length;
    expect(pausedRows(await rowsOnce((all) => pausedRows(all) === watched.length))).toBe(watched.length);
    // Paused already: skipped.
    const again = await classProctor(owner, { action: "pause" });
    expect(again).toEqual({ status: 200, data: { paused: 0, skipped: expect.any(Number) } });
    expect(again.data.skipped).toBeGreaterThanOrEqual(inProgress);
    const resumeAll = await classProctor(owner, { action: "resume" });
    expect(resumeAll).toEqual({ status: 200, data: { resumed: inProgress, skipped: expect.any(Number) } });
    expect(pausedRows(await rowsOnce((all) => pausedRows(all) === 0))).toBe(0);
    expect(await auditedDetails("class.proctored", `class:${classId}`)).toEqual([
      { action: "pause", ...pauseAll.data },
      { action: "pause", ...again.data },
      { action: "resume", ...resumeAll.data },
    ]);
  });

  it("resets a rostered student's wrong PIN tries, audited on their record", async () => {
    const member = await worker.d1.prepare("select id from cohort_members where cohort_id = ? and student_id = 'LV-ana'").bind(classId).first<{ id: string }>();
    const key = `pin-student:${member!.id}`;
    await worker.d1.prepare("insert into attempt_throttle (key, failures) values (?, 5)").bind(key).run();
    expect(await classProctor(owner, { action: "reset_pin_tries", studentId: "LV-ana" })).toEqual({
      status: 200,
      data: { cohortId: classId, studentId: "LV-ana", reset: true },
    });
    expect(await worker.d1.prepare("select key from attempt_throttle where key = ?").bind(key).first()).toBeNull();
    expect(await auditedDetails("student.pin_tries_reset", `class:${classId}`)).toHaveLength(1);
  });

  it("refuses: 400 a bad body, 401 signed out, 403 a student, 404 another teacher's class, none, or a student not on its roster, 405 GET", async () => {
    for (const body of [{ action: "end" }, { action: "extend", minutes: 5 }, { action: "reset_pin_tries" }, {}]) {
      expect((await classProctor(owner, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await classProctor(anonymous, { action: "pause" })).status).toBe(401);
    expect((await classProctor(student, { action: "pause" })).status).toBe(403);
    expect((await classProctor(student, { action: "reset_pin_tries", studentId: "LV-ana" })).status).toBe(403);
    expect(await classProctor(outsider, { action: "pause" })).toEqual({ status: 404, data: { message: "Class Not Found" } });
    expect(await classProctor(outsider, { action: "reset_pin_tries", studentId: "LV-ana" })).toEqual({ status: 404, data: { message: "Class Not Found" } });
    expect((await classProctor(admin, { action: "pause" }, "no-such-class")).status).toBe(404);
    expect((await classProctor(owner, { action: "reset_pin_tries", studentId: "NOT-HERE" })).status).toBe(404);
    expect((await owner.get(`/api/cohorts/${classId}/proctor`)).status).toBe(405);
    // Nothing refused changed a session.
    expect((await rows()).some((row) => row.state === "paused_by_teacher")).toBe(false);
  });
});

describe("the Live page's actions", () => {
  /** A form post as a page without JavaScript sends it (each field once, `sessionIds` once per selected row). */
  const formPost = (fields: [string, string][]) =>
    worker.request(`/admin/cohorts/${classId}/live`, {
      method: "POST",
      jar: ownerJar,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });

  it("offers the actions, labelled, and acts on the selected rows, on one row and on the whole class without JavaScript", async () => {
    await addStudent("LV-ivy", "Ivy");
    await addStudent("LV-jo", "Jo");
    const ivy = await startAs("LV-ivy");
    const jo = await startAs("LV-jo");
    const page = await (await worker.request(`/admin/cohorts/${classId}/live`, { jar: ownerJar })).text();
    for (const control of [
      "Pause all",
      "Resume all",
      "Add time",
      'aria-label="Select all students testing"',
      'aria-label="Select Ivy Live"',
      '<label for="live-minutes"',
    ]) {
      expect(page).toContain(control);
    }
    expect(page).toMatch(/Reset PIN tries<span class="sr-only"> for (<!-- -->)?Ivy Live<\/span>/);
    // Without JavaScript nothing counts the checked boxes: the toolbar claims no count.
    expect(page).toMatch(/<h2 id="live-selected-title"[^>]*>Selected students\s*<\/h2>/);

    const selected = await formPost([
      ["intent", "proctor"],
      ["sessionIds", ivy.sessionId],
      ["sessionIds", jo.sessionId],
      ["action", "pause"],
      ["minutes", "5"],
    ]);
    expect(selected.status).toBe(200);
    expect(await rowsOnce((all) => all.filter((row) => ["LV-ivy", "LV-jo"].includes(row.studentId) && row.state === "paused_by_teacher").length === 2)).toEqual(
      expect.arrayContaining([expect.objectContaining({ studentId: "LV-ivy", state: "paused_by_teacher" })]),
    );
    expect(await (await worker.request(`/admin/cohorts/${classId}/live?state=paused_by_teacher`, { jar: ownerJar })).text()).toContain("Paused by the teacher");

    // One row's own Resume, then the selected End for Jo.
    expect(
      (
        await formPost([
          ["intent", "proctor"],
          ["sessionIds", ivy.sessionId],
          ["action", "resume"],
        ])
      ).status,
    ).toBe(200);
    expect((await liveRowOnce("LV-ivy", (row) => row.state === "answering")).state).toBe("answering");
    // End as the page without JavaScript posts it: its confirm step, naming the student, and nothing ended.
    const asked = await formPost([
      ["intent", "proctor"],
      ["sessionIds", jo.sessionId],
      ["action", "end"],
      ["minutes", "5"],
    ]);
    expect(asked.status).toBe(200);
    const confirmStep = (await asked.text()).match(/<section[^>]*data-testid="live-end-confirm"[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(confirmStep).toContain("End 1 test now?");
    expect(confirmStep).toContain("Jo Live");
    expect(confirmStep).toContain('name="confirmed" value="yes"');
    expect(confirmStep).toContain(`name="sessionIds" value="${jo.sessionId}"`);
    // Still in progress, and still paused from above: the teacher can resume it.
    expect((await proctor(owner, jo.sessionId, { action: "resume" })).status).toBe(200);
    // The confirm's own form ends it, and the page says so without a toast.
    const ended = await formPost([
      ["intent", "proctor"],
      ["action", "end"],
      ["confirmed", "yes"],
      ["sessionIds", jo.sessionId],
    ]);
    expect(ended.status).toBe(200);
    const endedPage = await ended.text();
    expect(endedPage).toMatch(/<noscript><p role="status"[^>]*data-testid="live-outcome">Ended 1 test<\/p><\/noscript>/);
    expect(endedPage).not.toContain('data-testid="live-end-confirm"');
    expect((await liveRowOnce("LV-jo", (row) => row.state === "finished")).state).toBe("finished");

    // Nothing selected, or minutes out of range: 400, nothing changed; a refused action answers the API's 409.
    expect(
      (
        await formPost([
          ["intent", "proctor"],
          ["action", "pause"],
        ])
      ).status,
    ).toBe(400);
    expect(
      (
        await formPost([
          ["intent", "proctor"],
          ["sessionIds", ivy.sessionId],
          ["action", "extend"],
          ["minutes", "500"],
        ])
      ).status,
    ).toBe(400);
    const refused = await formPost([
      ["intent", "proctor"],
      ["sessionIds", jo.sessionId],
      ["action", "pause"],
    ]);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(/<noscript><p role="alert"[^>]*data-testid="live-outcome">[^<]+<\/p><\/noscript>/);

    expect(
      (
        await formPost([
          ["intent", "proctor-class"],
          ["action", "pause"],
        ])
      ).status,
    ).toBe(200);
    expect((await liveRowOnce("LV-ivy", (row) => row.state === "paused_by_teacher")).state).toBe("paused_by_teacher");
    expect(
      (
        await formPost([
          ["intent", "proctor-class"],
          ["action", "resume"],
        ])
      ).status,
    ).toBe(200);
    expect((await liveRowOnce("LV-ivy", (row) => row.state === "answering")).state).toBe("answering");
    expect(
      (
        await formPost([
          ["intent", "reset-pin"],
          ["studentId", "LV-ivy"],
        ])
      ).status,
    ).toBe(200);
  });
});

describe("the student's heartbeat", () => {
  /** A student's own browser with its jar, for the test page's data as well as the API. */
  async function startWithJar(studentId: string, givenName: string) {
    await addStudent(studentId, givenName, { breaks: true, breakMinutes: 5 });
    const jar = new CookieJar();
    const browser = apiClient(worker, jar);
    const started = await browser.post("/api/sessions/start", { testConfigId: testId, testMode: "placement", userId: studentId, cohortId: classId });
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    return { jar, browser, sessionId: started.data.sessionId as string };
  }
  const beat = (client: ApiClient, sessionId: string) => client.post(`/api/sessions/${sessionId}/heartbeat`);
  let gus: Awaited<ReturnType<typeof startWithJar>>;
  beforeAll(async () => {
    gus = await startWithJar("LV-kim", "Kim");
  });

  it("keeps a student whose page is open answering past the idle line, and answers the stamp the test page was rendered with", async () => {
    const started = await liveRowOnce("LV-kim", (row) => row.state === "answering");
    await worker.setClockOffset(1.5 * MINUTE);
    const beaten = await beat(gus.browser, gus.sessionId);
    expect(beaten.status).toBe(200);
    expect(beaten.data).toEqual({ stamp: expect.any(String) });
    await liveRowOnce("LV-kim", (row) => row.lastSeenAt !== started.lastSeenAt);
    // Three minutes after the start, with no question read nor answered: still answering, not idle.
    await worker.setClockOffset(3 * MINUTE);
    expect(await rowOf("LV-kim")).toMatchObject({ state: "answering", questionsAnswered: 0 });
    const page = await worker.request(`/test/${testId}?session=${gus.sessionId}&_data=routes%2Ftest.%24id`, { jar: gus.jar });
    expect(((await page.json()) as { session: { stamp: string } }).session.stamp).toBe(beaten.data.stamp);
  });

  it("answers another stamp once a break starts and again once it ends; a beat on a break never ends it, even past its time", async () => {
    const answering = (await beat(gus.browser, gus.sessionId)).data.stamp;
    expect((await gus.browser.post(`/api/sessions/${gus.sessionId}/pause`)).status).toBe(200);
    const onBreak = (await beat(gus.browser, gus.sessionId)).data.stamp;
    expect(onBreak).not.toBe(answering);
    await worker.setClockOffset(6 * MINUTE);
    expect((await beat(gus.browser, gus.sessionId)).data.stamp).toBe(onBreak);
    expect((await liveRowOnce("LV-kim", (row) => row.state === "on_break")).state).toBe("on_break");
    expect((await gus.browser.post(`/api/sessions/${gus.sessionId}/resume`)).status).toBe(200);
    const resumed = (await beat(gus.browser, gus.sessionId)).data.stamp;
    expect([answering, onBreak]).not.toContain(resumed);
  });

  it("is the session's pass holder's only: 401 signed out or another session's pass, 403 a student account or the class's teacher, 404 another teacher", async () => {
    const other = await startWithJar("LV-lee", "Lee");
    expect((await beat(anonymous, gus.sessionId)).status).toBe(401);
    expect((await beat(other.browser, gus.sessionId)).status).toBe(401);
    expect((await beat(student, gus.sessionId)).status).toBe(403);
    expect((await beat(owner, gus.sessionId)).status).toBe(403);
    expect(await beat(outsider, gus.sessionId)).toEqual({ status: 404, data: { message: "Session Not Found" } });
    expect((await gus.browser.get(`/api/sessions/${gus.sessionId}/heartbeat`)).status).toBe(405);
    expect((await beat(gus.browser, gus.sessionId)).status).toBe(200);
  });
});

/** A Durable Object by the name it is addressed by, for running its alarm now (durable-object-alarms.ts). */
async function objectNamed(binding: "TEST_SESSION" | "CLASS_LIVE", name: string) {
  const namespace = (await worker.mf.getDurableObjectNamespace(binding)) as unknown as DurableObjectNamespace;
  return namespace.get(namespace.idFromName(name));
}

// Last: it finishes one more student and forgets the class's reports, which the tests above count.
describe("the deadline and the end of a sitting", () => {
  it("shows a session the deadline's alarm ended as finished, keeping the last request's time; forgets every report 12 hours on", async () => {
    await addStudent("LV-fay", "Fay");
    const fay = await startAs("LV-fay");
    const seen = (await liveRowOnce("LV-fay", (row) => row.state === "answering")).lastSeenAt;
    await worker.setClockOffset(31 * MINUTE);
    expect(await runDurableObjectAlarm(await objectNamed("TEST_SESSION", fay.sessionId))).toBe(true);
    expect(await liveRowOnce("LV-fay", (row) => row.state === "finished")).toMatchObject({ state: "finished", lastSeenAt: seen, timeRemaining: 0 });

    await worker.setClockOffset(13 * 60 * MINUTE);
    expect((await rows()).every((row) => row.state === "not_started" && row.sessionId === null)).toBe(true);
    const classObject = await objectNamed("CLASS_LIVE", classId);
    expect(await runDurableObjectAlarm(classObject)).toBe(true);
    expect(await storedKeys(classObject)).toEqual([]);
  });
});
