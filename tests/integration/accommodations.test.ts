import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { TestSessionRpc } from "~/domain/sessions/session-contract";

import { type ApiClient, clientFor, demoClients } from "../support/api";
import type { CookieJar } from "../support/cookie-jar";
import { inLanguage, unmarkedTexts } from "../support/pseudo-locale";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * Accommodations (ADR 0032) through the real Worker and session objects: the API that sets them,
 * the session object applying them at start (time, question timers, reduced choices), breaks that
 * stop both clocks and move the deadline, and the non-standard mark that reaches D1. While paused no
 * student read carries the question, its options or its chat; an answer's time is the server's own.
 */
let worker: TestWorker;
let admin: ApiClient;
let adminJar: CookieJar;
let student: ApiClient;
let anonymous: ApiClient;
let outsider: ApiClient;
let classId: string;
let testId: string;
const ids: Record<string, string> = {};

const MINUTE = 60_000;
/** The test's own clocks: 10 minutes, and 40 seconds for each question. */
const TEST_MINUTES = 10;
const QUESTION_SECONDS = 40;

async function addStudent(studentId: string) {
  const created = await admin.post("/api/students", { studentId, givenName: studentId, familyName: "Student", grade: "6" });
  expect(created.status).toBe(201);
  expect((await admin.post(`/api/cohorts/${classId}/roster/${created.data.id}`)).status).toBe(201);
  return created.data.id as string;
}

const start = (userId: string) => admin.post("/api/sessions/start", { testConfigId: testId, testMode: "placement", userId, cohortId: classId });

/** The test page's data for a session, as the admin reads it: its question, clocks and tools. */
async function page(sessionId: string) {
  const response = await worker.request(`/test/${testId}?session=${sessionId}&_data=routes%2Ftest.%24id`, { jar: adminJar });
  expect(response.status).toBe(200);
  return ((await response.json()) as { session: TestPage }).session;
}
type TestPage = {
  timeRemainingSeconds: number;
  paused: boolean;
  breakSecondsLeft: number | null;
  tools: Record<string, unknown>;
  feedbackMovesOnMs: number | null;
  question: { id: string; type: string; text: string; options: string[]; questionTimeRemaining: number | null; optionsReduced: boolean };
};

beforeAll(async () => {
  worker = await startWorker({ controllableClock: true });
  ({ admin, student, anonymous } = await demoClients(worker));
  adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  await worker.d1.prepare("insert into users (id, email, first_name, last_name, role) values ('t-out', 'outsider@school.example', 'O', 'T', 'teacher')").run();
  ({ client: outsider } = await clientFor(worker, "outsider@school.example"));
  const questions = [];
  for (let index = 0; index < 3; index++) {
    const created = await admin.post("/api/questions", {
      text: `Which is ${index + 2} + ${index + 2}?`,
      type: "multiple_choice",
      difficulty: "medium",
      timeLimit: QUESTION_SECONDS,
      // Options worded so a page that still carries one can be caught (a bare number is in any page).
      options: [0, 1, 2, 3].map((offset) => ({ text: `${2 * (index + 2) + offset} marbles`, isCorrect: offset === 0, score: offset === 0 ? 1 : 0 })),
    });
    expect(created.status).toBe(201);
    questions.push({ id: created.data.id });
  }
  const test = await admin.post("/api/tests", {
    title: "Accommodated check",
    description: "d",
    gradeLevel: "6",
    subject: "Math",
    placementDuration: TEST_MINUTES,
    diagnosticDuration: TEST_MINUTES,
    questions,
  });
  expect(test.status).toBe(201);
  testId = test.data.id;
  classId = (await admin.post("/api/cohorts", { name: "Accommodated class", testConfigId: testId, testMode: "placement" })).data.id;
  for (const name of ["double", "breaks", "rested", "nojs", "reduced", "plain", "inclass", "hidden", "timed", "noted", "spanish"])
    ids[name] = await addStudent(`ACC-${name}`);
}, 90_000);
afterAll(() => worker?.dispose());
afterEach(() => worker.setClockOffset(0));

describe("PUT /api/students/{id}/accommodations", () => {
  it("saves the whole set on the record, reads it back, and audits the change", async () => {
    const saved = await admin.put(`/api/students/${ids.double}/accommodations`, { extendedTime: 2, readAloud: true, outside: ["scribe"] });
    expect(saved.status).toBe(200);
    expect(saved.data.accommodations).toMatchObject({ extendedTime: 2, readAloud: true, breaks: false, outside: ["scribe"] });
    expect((await admin.get(`/api/students/${ids.double}/accommodations`)).data.accommodations).toEqual(saved.data.accommodations);
    expect((await admin.get(`/api/students/${ids.double}`)).data.accommodations).toEqual(saved.data.accommodations);
    const audited = await worker.d1
      .prepare("select count(*) as n from audit_log where action = 'student.accommodations_changed' and student_record_id = ?")
      .bind(ids.double)
      .first<{ n: number }>();
    expect(audited!.n).toBe(1);
  });

  it("refuses bad input with the field named and changes nothing (400)", async () => {
    for (const body of [{ extendedTime: 3 }, { extraTime: 2 }, { breaks: true, breakMinutes: 0 }, { zoom: 5 }, "nonsense"]) {
      const refused = await admin.put(`/api/students/${ids.plain}/accommodations`, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await admin.get(`/api/students/${ids.plain}/accommodations`)).data.accommodations).toMatchObject({ extendedTime: 1, readAloud: false });
  });

  it("is for staff only (401, 403), finds only students in the caller's classes (404), and takes only GET and PUT (405)", async () => {
    expect((await anonymous.put(`/api/students/${ids.plain}/accommodations`, { readAloud: true })).status).toBe(401);
    expect((await student.put(`/api/students/${ids.plain}/accommodations`, { readAloud: true })).status).toBe(403);
    expect((await outsider.put(`/api/students/${ids.plain}/accommodations`, { readAloud: true })).status).toBe(404);
    expect((await outsider.get(`/api/students/${ids.plain}/accommodations`)).status).toBe(404);
    expect((await admin.put("/api/students/no-such-student/accommodations", { readAloud: true })).status).toBe(404);
    expect((await admin.post(`/api/students/${ids.plain}/accommodations`, { readAloud: true })).status).toBe(405);
  });
});

describe("PUT /api/cohorts/{id}/accommodations", () => {
  it("sets several roster students' records at once, skipping students not on the roster", async () => {
    const saved = await admin.put(`/api/cohorts/${classId}/accommodations`, {
      studentIds: [ids.breaks, ids.rested, "not-on-roster"],
      accommodations: { breaks: true, breakMinutes: 5 },
    });
    expect(saved).toEqual({ status: 200, data: { cohortId: classId, target: "records", changed: 2, skipped: 1 } });
    expect((await admin.get(`/api/students/${ids.breaks}/accommodations`)).data.accommodations).toMatchObject({ breaks: true, breakMinutes: 5 });
  });

  it("sets the class's own, which replace the record's in this class only, and clears them with null", async () => {
    const set = await admin.put(`/api/cohorts/${classId}/accommodations`, {
      studentIds: [ids.inclass],
      target: "class",
      accommodations: { extendedTime: 1.5 },
    });
    expect(set.data.changed).toBe(1);
    const roster = (await admin.get(`/api/cohorts/${classId}/roster`)).data as { id: string; classAccommodations: unknown; accommodations: unknown }[];
    const row = roster.find((entry) => entry.id === ids.inclass)!;
    expect(row.classAccommodations).toMatchObject({ extendedTime: 1.5 });
    expect(row.accommodations).toMatchObject({ extendedTime: 1 });
    const session = await start("ACC-inclass");
    expect(session.status).toBe(201);
    const inClass = (await admin.get(`/api/sessions/${session.data.sessionId}`)).data.timeRemaining;
    expect(inClass).toBeGreaterThan(TEST_MINUTES * 60);
    expect(inClass).toBeLessThanOrEqual(1.5 * TEST_MINUTES * 60);
    await admin.post(`/api/sessions/${session.data.sessionId}/complete`);

    await admin.put(`/api/cohorts/${classId}/accommodations`, { studentIds: [ids.inclass], target: "class", accommodations: null });
    const cleared = (await admin.get(`/api/cohorts/${classId}/roster`)).data.find((entry: { id: string }) => entry.id === ids.inclass);
    expect(cleared.classAccommodations).toBeNull();
  });

  it("refuses a bad body (400), strangers (401, 403), another teacher's or a missing class (404)", async () => {
    expect((await admin.put(`/api/cohorts/${classId}/accommodations`, { studentIds: [], accommodations: {} })).status).toBe(400);
    expect((await admin.put(`/api/cohorts/${classId}/accommodations`, { studentIds: [ids.plain], accommodations: null })).status).toBe(400);
    expect((await anonymous.put(`/api/cohorts/${classId}/accommodations`, { studentIds: [ids.plain], accommodations: {} })).status).toBe(401);
    expect((await student.put(`/api/cohorts/${classId}/accommodations`, { studentIds: [ids.plain], accommodations: {} })).status).toBe(403);
    expect((await outsider.put(`/api/cohorts/${classId}/accommodations`, { studentIds: [ids.plain], accommodations: {} })).status).toBe(404);
    expect((await admin.put("/api/cohorts/no-such-class/accommodations", { studentIds: [ids.plain], accommodations: {} })).status).toBe(404);
  });
});

describe("a session runs with the accommodations of its student", () => {
  it("doubles the test's time and each question's timer, and says so in the session record", async () => {
    const started = await start("ACC-double");
    expect(started.status).toBe(201);
    const session = (await admin.get(`/api/sessions/${started.data.sessionId}`)).data;
    // Wide margins for a loaded machine, still telling ×1, ×1.5 and ×2 apart.
    expect(session.timeRemaining).toBeGreaterThan(1.5 * TEST_MINUTES * 60);
    expect(session.timeRemaining).toBeLessThanOrEqual(2 * TEST_MINUTES * 60);
    expect(session.accommodations).toMatchObject({ extendedTime: 2, readAloud: true });
    expect(session.nonStandard).toBe(false);
    const shown = await page(started.data.sessionId);
    expect(shown.question.questionTimeRemaining).toBeGreaterThan(1.5 * QUESTION_SECONDS);
    expect(shown.tools).toMatchObject({ readAloud: true, breaks: false, untimed: false });
    // Without JavaScript the page says what read aloud needs, rather than offering a dead button.
    const html = await (await worker.request(`/test/${testId}?session=${started.data.sessionId}`, { jar: adminJar })).text();
    expect(html).toContain("Read aloud, the line reader and striking out answers need JavaScript");

    const plain = await start("ACC-plain");
    expect((await admin.get(`/api/sessions/${plain.data.sessionId}`)).data).toMatchObject({ accommodations: null, paused: false, breakSecondsLeft: null });
    expect((await page(plain.data.sessionId)).question.questionTimeRemaining).toBeLessThanOrEqual(QUESTION_SECONDS);
    // No breaks for a student without them.
    expect((await admin.post(`/api/sessions/${plain.data.sessionId}/pause`)).status).toBe(409);
  });

  it("keeps a timed test's answer feedback on the page 3 seconds times the student's extended time, never less (ADR 0042)", async () => {
    expect((await page((await start("ACC-plain")).data.sessionId)).feedbackMovesOnMs).toBeNull();
    const saved = (await admin.get(`/api/tests/${testId}`)).data;
    expect((await admin.put(`/api/tests/${testId}`, { ...saved, feedbackDisplay: "timed" })).status).toBe(200);
    try {
      const [slow, quick] = [await addStudent("ACC-feedback-slow"), await addStudent("ACC-feedback-quick")];
      expect((await admin.put(`/api/students/${slow}/accommodations`, { extendedTime: 1.5 })).status).toBe(200);
      expect(quick).toBeTruthy();
      expect((await page((await start("ACC-feedback-slow")).data.sessionId)).feedbackMovesOnMs).toBe(4500);
      expect((await page((await start("ACC-feedback-quick")).data.sessionId)).feedbackMovesOnMs).toBe(3000);
    } finally {
      expect((await admin.put(`/api/tests/${testId}`, saved)).status).toBe(200);
    }
  });

  it("stops both clocks on a break, refuses answers during it, and moves the deadline by the break at resume", async () => {
    const started = await start("ACC-breaks");
    const sessionId = started.data.sessionId as string;
    const before = await page(sessionId);
    const paused = await admin.post(`/api/sessions/${sessionId}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.data).toMatchObject({ paused: true, breakSecondsLeft: 300 });
    expect((await admin.post(`/api/sessions/${sessionId}/pause`)).status).toBe(409);

    // Three minutes on the break: neither clock has moved, and an answer waits for the resume.
    await worker.setClockOffset(3 * MINUTE);
    const during = await page(sessionId);
    expect(during.paused).toBe(true);
    expect(during.timeRemainingSeconds).toBeGreaterThanOrEqual(before.timeRemainingSeconds - 20);
    const refused = await admin.post(`/api/sessions/${sessionId}/submit`, {
      questionId: before.question.id,
      answer: before.question.options[0],
      timeSpentSeconds: 5,
    });
    expect(refused.status).toBe(409);

    const resumed = await admin.post(`/api/sessions/${sessionId}/resume`);
    expect(resumed.data).toMatchObject({ paused: false });
    expect(resumed.data.breakSecondsLeft).toBeLessThanOrEqual(120);
    expect(resumed.data.timeRemaining).toBeGreaterThanOrEqual(before.timeRemainingSeconds - 20);
    // The question's own timer stood still too: it comes back with the time it had.
    const after = await page(sessionId);
    expect(after.question.id).toBe(before.question.id);
    expect(after.question.questionTimeRemaining).toBeGreaterThanOrEqual(before.question.questionTimeRemaining! - 20);
    // Past the test's own deadline (10 minutes), the session is still open: the deadline moved by the break.
    await worker.setClockOffset(TEST_MINUTES * MINUTE + 30_000);
    const late = (await admin.get(`/api/sessions/${sessionId}`)).data;
    expect(late.completed).toBe(false);
    expect(late.timeRemaining).toBeGreaterThan(0);
    await worker.setClockOffset(TEST_MINUTES * MINUTE + 3 * MINUTE + 30_000);
    expect((await admin.get(`/api/sessions/${sessionId}`)).data).toMatchObject({ completed: true, completedReason: "time_up" });
  });

  it("takes a break without JavaScript: Take a Break and Resume Test are plain form posts to the test page", async () => {
    await admin.put(`/api/students/${ids.nojs}/accommodations`, { breaks: true, breakMinutes: 5 });
    const sessionId = (await start("ACC-nojs")).data.sessionId as string;
    const formPost = (intent: string) =>
      worker.request(`/test/${testId}?session=${sessionId}`, {
        method: "POST",
        jar: adminJar,
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent, sessionId }),
      });
    const paused = await formPost("pause");
    expect(paused.status).toBe(302);
    expect(paused.headers.get("Location")).toBe(`/test/${testId}?session=${sessionId}`);
    const html = await (await worker.request(`/test/${testId}?session=${sessionId}`, { jar: adminJar })).text();
    expect(html).toContain("Your test is paused");
    expect(html).toContain("Resume Test");
    expect((await page(sessionId)).paused).toBe(true);
    expect((await formPost("resume")).status).toBe(302);
    // The question comes back saying the clock runs again (the redirect's toast, a polite status).
    expect(await (await worker.request(`/test/${testId}?session=${sessionId}`, { jar: adminJar })).text()).toContain(
      "Your break is over: the clock is running",
    );
    expect((await page(sessionId)).paused).toBe(false);
  });

  it("shows the break screen and the session's refusals in the request's language (ADR 0045)", async () => {
    await admin.put(`/api/students/${ids.spanish}/accommodations`, { breaks: true, breakMinutes: 5 });
    const sessionId = (await start("ACC-spanish")).data.sessionId as string;
    const path = `/test/${testId}?session=${sessionId}`;
    expect((await admin.post(`/api/sessions/${sessionId}/pause`)).status).toBe(200);
    const spanish = inLanguage(adminJar, "es");
    const html = await (await worker.request(path, { jar: spanish })).text();
    expect(html).toContain('<html lang="es"');
    for (const text of ["Tu prueba está en pausa", "Continuar la prueba"]) expect(html).toContain(text);
    expect(html).toMatch(/Te quedan \d+ minutos de tiempo de prueba y \d minutos de descanso\./);
    expect(html).not.toContain("Your test is paused");
    const pseudo = await (await worker.request(path, { jar: inLanguage(adminJar, "qps") })).text();
    // The user's content, and the root's toast region label (components/toast/toaster.tsx, not yet in the common area).
    expect(unmarkedTexts(pseudo, ["Demo Admin", "Notifications"])).toEqual([]);

    // The session object's refusal (a break during a break), through the API and the page's data route.
    const again = await worker.request(`/api/sessions/${sessionId}/pause`, { method: "POST", jar: spanish });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ message: "La prueba ya está en pausa." });
    expect((await admin.post(`/api/sessions/${sessionId}/pause`)).data).toMatchObject({ message: "The test is already paused." });
    const fromPage = await worker.request(`${path}&_data=routes%2Ftest.%24id`, {
      method: "POST",
      jar: spanish,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "pause", sessionId, js: "1" }),
    });
    expect(fromPage.status).toBe(409);
    expect(await fromPage.json()).toMatchObject({ ok: false, toast: { title: "No se pudo pausar la prueba.", description: "La prueba ya está en pausa." } });
    // The break ends with the clock running again, said in Spanish.
    const resumed = await worker.request(`${path}&_data=routes%2Ftest.%24id`, {
      method: "POST",
      jar: spanish,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "resume", sessionId, js: "1" }),
    });
    expect(await resumed.json()).toMatchObject({ ok: true, toast: { title: "Tu descanso terminó: el reloj de la prueba está corriendo" } });
    // The question is back with the student's tools, named in Spanish.
    const question = await (await worker.request(path, { jar: spanish })).text();
    for (const text of ['aria-label="Herramientas de la prueba"', "Tomar un descanso"]) expect(question).toContain(text);
    expect(question).toMatch(/Te quedan \d min de descanso/);
  });

  it("answers 401 to a caller without the session, 404 for an unknown session and 405 for a GET", async () => {
    const sessionId = (await admin.post("/api/sessions/start", { testConfigId: testId, testMode: "placement", userId: "ACC-plain-2", cohortId: classId })).data
      .sessionId;
    expect((await anonymous.post(`/api/sessions/${sessionId}/pause`)).status).toBe(401);
    expect((await admin.post("/api/sessions/no-such-session/pause")).status).toBe(404);
    expect((await admin.post("/api/sessions/no-such-session/resume")).status).toBe(404);
    expect((await admin.get(`/api/sessions/${sessionId}/pause`)).status).toBe(405);
  });

  it("keeps the clock stopped past the break's end until the next request restarts it, and counts none of the break as test time", async () => {
    const started = await start("ACC-rested");
    expect(started.status).toBe(201);
    const sessionId = started.data.sessionId as string;
    const before = await page(sessionId);
    await admin.post(`/api/sessions/${sessionId}/pause`);
    // Five minutes of break allowed; the page (a closed laptop) is back two and a half minutes after its end.
    await worker.setClockOffset(7.5 * MINUTE);
    const back = await page(sessionId);
    expect(back).toMatchObject({ paused: false, breakSecondsLeft: 0 });
    expect(back.timeRemainingSeconds).toBeGreaterThanOrEqual(before.timeRemainingSeconds - 20);
    // From that request on the clock runs: the ten minutes are over ten minutes later, not before.
    await worker.setClockOffset(7.5 * MINUTE + TEST_MINUTES * MINUTE - 30_000);
    expect((await admin.get(`/api/sessions/${sessionId}`)).data).toMatchObject({ completed: false, paused: false });
    await worker.setClockOffset(7.5 * MINUTE + TEST_MINUTES * MINUTE + 10_000);
    expect((await admin.get(`/api/sessions/${sessionId}`)).data).toMatchObject({ completed: true, completedReason: "time_up" });
  });

  it("takes choices away under reduced choices, and marks the session non-standard in its record and in D1", async () => {
    await admin.put(`/api/students/${ids.reduced}/accommodations`, { reducedChoices: true });
    const started = await start("ACC-reduced");
    const sessionId = started.data.sessionId as string;
    const shown = await page(sessionId);
    expect(shown.question.options).toHaveLength(2);
    expect(shown.question.optionsReduced).toBe(true);
    const answered = await admin.post(`/api/sessions/${sessionId}/submit`, {
      questionId: shown.question.id,
      answer: shown.question.options[0],
      timeSpentSeconds: 4,
    });
    expect(answered.status).toBe(200);
    await admin.post(`/api/sessions/${sessionId}/complete`);
    const record = (await admin.get(`/api/sessions/${sessionId}`)).data;
    expect(record).toMatchObject({ nonStandard: true, nonStandardReasons: ["reduced answer choices"] });
    const listed = (await admin.get(`/api/sessions?testConfigId=${testId}`)).data as { id: string }[];
    expect(listed.some((row) => row.id === sessionId)).toBe(true);
    await expect
      .poll(async () => (await worker.d1.prepare("select non_standard as n from sessions where id = ?").bind(sessionId).first<{ n: number }>())?.n, {
        timeout: 15_000,
      })
      .toBe(1);
  });
});

/** The teacher's words from a student's plan: staff read them on the record, no student route carries them. */
const IEP_NOTES = "Reads two grades below level; anxious in timed settings (IEP 2026)";
/** A question's text and its options as the bank above words them. */
const QUESTION_TEXT = /Which is \d \+ \d\?/;
const OPTION_TEXT = /\d+ marbles/;

const asText = async (response: Response) => `${response.status} ${await response.text()}`;

/** The page's own action answered as data (ADR 0024), posted as the page's JavaScript posts it. */
const dataRoute = (test: string, sessionId: string, fields: Record<string, string>) =>
  worker.request(`/test/${test}/data`, {
    method: "POST",
    jar: adminJar,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ sessionId, js: "1", ...fields }),
  });

/** Everything a browser holding a paused session can read of it, as text: the page's HTML and data, the session, next-question. */
async function pausedReads(test: string, sessionId: string) {
  const pagePath = `/test/${test}?session=${sessionId}`;
  return [
    await asText(await worker.request(pagePath, { jar: adminJar })),
    await asText(await worker.request(`${pagePath}&_data=routes%2Ftest.%24id`, { jar: adminJar })),
    await asText(await worker.request(`/api/sessions/${sessionId}`, { jar: adminJar })),
    await asText(await worker.request(`/api/sessions/${sessionId}/next-question`, { jar: adminJar })),
  ];
}

describe("a break gives nothing of the question away", () => {
  it("sends only the break screen while paused, from every student route, and the question again at the resume", async () => {
    await admin.put(`/api/students/${ids.hidden}/accommodations`, { breaks: true, breakMinutes: 5 });
    const sessionId = (await start("ACC-hidden")).data.sessionId as string;
    const before = await page(sessionId);
    expect(before.question.text).toMatch(QUESTION_TEXT);
    expect(before.question.options.join()).toMatch(OPTION_TEXT);

    const paused = await admin.post(`/api/sessions/${sessionId}/pause`);
    expect(paused.status).toBe(200);
    const reads = await pausedReads(testId, sessionId);
    // An answer or a chat sent while paused is refused, and its refusal names nothing of the question.
    reads.push(
      await asText(await dataRoute(testId, sessionId, { intent: "submit", questionId: before.question.id, questionType: "multiple_choice", answer: "x" })),
    );
    expect(reads.map((read) => read.slice(0, 3))).toEqual(["200", "200", "200", "200", "409"]);
    for (const read of reads) {
      expect(read).not.toMatch(QUESTION_TEXT);
      expect(read).not.toMatch(OPTION_TEXT);
    }
    // Not even which question it is (the refusal only echoes the form it was sent).
    for (const read of reads.slice(0, 4)) expect(read).not.toContain(before.question.id);
    expect(reads[0]).toContain("Your test is paused");
    expect(JSON.parse(reads[1]!.slice(4)).session).toMatchObject({ paused: true, question: null, transcript: [] });
    expect(JSON.parse(reads[3]!.slice(4))).toMatchObject({ question: null, completed: false, paused: true });

    expect((await dataRoute(testId, sessionId, { intent: "resume" })).status).toBe(200);
    const after = await page(sessionId);
    expect(after).toMatchObject({ paused: false, question: { id: before.question.id, text: before.question.text, options: before.question.options } });
    expect((await admin.get(`/api/sessions/${sessionId}/next-question`)).data).toMatchObject({ paused: false, question: { id: before.question.id } });
    const html = await (await worker.request(`/test/${testId}?session=${sessionId}`, { jar: adminJar })).text();
    expect(html).toMatch(QUESTION_TEXT);
    expect(html).toMatch(OPTION_TEXT);
  });

  it("keeps a chat question's conversation back while paused: the page, /api/chat and the page's chat", async () => {
    const question = await admin.post("/api/questions", {
      text: "Talk with the tutor about why leaves change colour in autumn.",
      type: "chat",
      difficulty: "medium",
      systemInstruction: "You are a patient science tutor.",
      initialPrompt: "What do you notice about the leaves in autumn?",
      rubric: "Chlorophyll breaks down as days shorten, showing other pigments.",
    });
    expect(question.status).toBe(201);
    const chatTest = await admin.post("/api/tests", {
      title: "Leaves",
      description: "d",
      gradeLevel: "6",
      subject: "Science",
      questions: [{ id: question.data.id }],
    });
    const chatClass = (await admin.post("/api/cohorts", { name: "Leaves class", testConfigId: chatTest.data.id, testMode: "placement" })).data.id as string;
    expect((await admin.post(`/api/cohorts/${chatClass}/roster/${ids.hidden}`)).status).toBe(201);
    const started = await admin.post("/api/sessions/start", {
      testConfigId: chatTest.data.id,
      testMode: "placement",
      userId: "ACC-hidden",
      cohortId: chatClass,
    });
    expect(started.status).toBe(201);
    const sessionId = started.data.sessionId as string;
    const said = "Maybe the cold makes them turn brown?";
    const chat = await admin.post("/api/chat", { sessionId, questionId: question.data.id, message: said });
    expect(chat.status).toBe(200);

    expect((await admin.post(`/api/sessions/${sessionId}/pause`)).status).toBe(200);
    const reads = await pausedReads(chatTest.data.id, sessionId);
    reads.push(await asText(await dataRoute(chatTest.data.id, sessionId, { intent: "chat", questionId: question.data.id, message: "And then?" })));
    const refused = await admin.post("/api/chat", { sessionId, questionId: question.data.id, message: "And then?" });
    expect(refused.status).toBe(409);
    reads.push(JSON.stringify(refused.data));
    expect(reads.map((read) => read.slice(0, 3))).toEqual(["200", "200", "200", "200", "409", '{"m']);
    for (const read of reads) {
      for (const secret of ["leaves change colour", "What do you notice", said, chat.data.response as string]) expect(read).not.toContain(secret);
    }

    expect((await admin.post(`/api/sessions/${sessionId}/resume`)).status).toBe(200);
    const data = await (await worker.request(`/test/${chatTest.data.id}?session=${sessionId}&_data=routes%2Ftest.%24id`, { jar: adminJar })).json();
    expect((data as { session: { transcript: { content: string }[] } }).session.transcript.map((line) => line.content)).toContain(said);
  });
});

describe("the student's session carries the accommodations the page needs, never the teacher's notes", () => {
  it("leaves the notes out of the start, the session, the breaks, the page and its data", async () => {
    const saved = await admin.put(`/api/students/${ids.noted}/accommodations`, { breaks: true, breakMinutes: 5, readAloud: true, notes: IEP_NOTES });
    expect(saved.data.accommodations.notes).toBe(IEP_NOTES);
    const started = await start("ACC-noted");
    const sessionId = started.data.sessionId as string;
    expect(started.data.accommodations).toMatchObject({ breaks: true, readAloud: true });
    const reads = [JSON.stringify(started.data), JSON.stringify((await admin.get(`/api/sessions/${sessionId}`)).data)];
    reads.push(await asText(await worker.request(`/test/${testId}?session=${sessionId}`, { jar: adminJar })));
    reads.push(await asText(await worker.request(`/test/${testId}?session=${sessionId}&_data=routes%2Ftest.%24id`, { jar: adminJar })));
    reads.push(JSON.stringify((await admin.post(`/api/sessions/${sessionId}/pause`)).data));
    reads.push(...(await pausedReads(testId, sessionId)));
    reads.push(JSON.stringify((await admin.post(`/api/sessions/${sessionId}/resume`)).data));
    for (const read of reads) {
      expect(read).not.toContain("Reads two grades below level");
      expect(read).not.toContain('"notes"');
    }
    // Staff still read them on the record.
    expect((await admin.get(`/api/students/${ids.noted}/accommodations`)).data.accommodations.notes).toBe(IEP_NOTES);
  });
});

describe("an answer's time is the server's", () => {
  it("flags a rapid guess by the time the server measured, breaks left out, whatever time the browser reports", async () => {
    await admin.put(`/api/students/${ids.timed}/accommodations`, { breaks: true, breakMinutes: 5 });
    const sessionId = (await start("ACC-timed")).data.sessionId as string;
    const answer = async (timeSpentSeconds: number) => {
      const asked = (await admin.get(`/api/sessions/${sessionId}/next-question`)).data.question as { id: string; options: string[] };
      const answered = await admin.post(`/api/sessions/${sessionId}/submit`, { questionId: asked.id, answer: asked.options[0], timeSpentSeconds });
      expect(answered.status).toBe(200);
      return asked.id;
    };
    // At once, though the browser says a minute.
    const quick = await answer(60);
    // Two minutes on a break, then at once: the break is not time spent on the question.
    expect((await admin.post(`/api/sessions/${sessionId}/pause`)).status).toBe(200);
    await worker.setClockOffset(2 * MINUTE);
    expect((await admin.post(`/api/sessions/${sessionId}/resume`)).status).toBe(200);
    const rested = await answer(150);
    // Half a minute of real time, though the browser says one second.
    await worker.setClockOffset(2 * MINUTE + 30_000);
    const slow = await answer(1);

    const { answers } = (await admin.get(`/api/sessions/${sessionId}`)).data as { answers: Record<string, { rapidGuess: boolean; timeSpentSeconds: number }> };
    expect(answers[quick]).toMatchObject({ rapidGuess: true, timeSpentSeconds: 60 });
    expect(answers[rested]).toMatchObject({ rapidGuess: true, timeSpentSeconds: 150 });
    expect(answers[slow]).toMatchObject({ rapidGuess: false, timeSpentSeconds: 1 });

    // D1 keeps both figures: the page's for display, the server's for effort and calibration.
    const namespace = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
    expect(await namespace.get(namespace.idFromName(sessionId)).flush()).toMatchObject({ ok: true, written: true });
    const rows = await worker.d1
      .prepare(
        "select question_id as id, time_spent_seconds as shown, measured_seconds as measured, rapid_guess as rapid from session_answers where session_id = ?",
      )
      .bind(sessionId)
      .all<{ id: string; shown: number; measured: number; rapid: number }>();
    const byId = new Map(rows.results.map((row) => [row.id, row]));
    expect(byId.get(quick)).toMatchObject({ shown: 60, rapid: 1 });
    expect(byId.get(quick)!.measured).toBeLessThan(3);
    expect(byId.get(rested)!.measured).toBeLessThan(3);
    expect(byId.get(slow)).toMatchObject({ shown: 1, rapid: 0 });
    expect(byId.get(slow)!.measured).toBeGreaterThanOrEqual(30);
  });
});
