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
  const browser = apiClient(worker, new CookieJar());
  const started = await browser.post("/api/sessions/start", { testConfigId: testId, testMode: "placement", userId: studentId, cohortId: classId });
  expect(started.status, JSON.stringify(started.data)).toBe(201);
  return { browser, sessionId: started.data.sessionId as string };
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
    gus = await startWithJar("LV-gus", "Gus");
  });

  it("keeps a student whose page is open answering past the idle line, and answers the stamp the test page was rendered with", async () => {
    const started = await liveRowOnce("LV-gus", (row) => row.state === "answering");
    await worker.setClockOffset(1.5 * MINUTE);
    const beaten = await beat(gus.browser, gus.sessionId);
    expect(beaten.status).toBe(200);
    expect(beaten.data).toEqual({ stamp: expect.any(String) });
    await liveRowOnce("LV-gus", (row) => row.lastSeenAt !== started.lastSeenAt);
    // Three minutes after the start, with no question read nor answered: still answering, not idle.
    await worker.setClockOffset(3 * MINUTE);
    expect(await rowOf("LV-gus")).toMatchObject({ state: "answering", questionsAnswered: 0 });
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
    expect((await liveRowOnce("LV-gus", (row) => row.state === "on_break")).state).toBe("on_break");
    expect((await gus.browser.post(`/api/sessions/${gus.sessionId}/resume`)).status).toBe(200);
    const resumed = (await beat(gus.browser, gus.sessionId)).data.stamp;
    expect([answering, onBreak]).not.toContain(resumed);
  });

  it("is the session's pass holder's only: 401 signed out or another session's pass, 403 a student account or the class's teacher, 404 another teacher", async () => {
    const other = await startWithJar("LV-hal", "Hal");
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
