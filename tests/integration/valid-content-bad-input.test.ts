import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * Content that authoring accepts always starts (one set of limits, app/domain/content-limits.ts),
 * and bad input to a list's paging or to the sign-in form is a 400, never a 500 (ADR 0015).
 */
let worker: TestWorker;
let admin: ApiClient;
let adminJar: CookieJar;

beforeAll(async () => {
  worker = await startWorker();
  adminJar = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
  admin = apiClient(worker, adminJar);
});
afterAll(() => worker?.dispose());

/** A bank question linked to a new competency with `description`, in a new test taken by a new class. */
async function classWithQuestion(description: string, question: Record<string, unknown>) {
  const competency = await admin.post("/api/competencies", { description });
  expect(competency.status, JSON.stringify(competency.data)).toBe(201);
  const created = await admin.post("/api/questions", question);
  expect(created.status, JSON.stringify(created.data).slice(0, 300)).toBe(201);
  const linked = await admin.post(`/api/questions/${created.data.id}/competencies`, { competencyId: competency.data.id, isPrimary: true });
  expect(linked.status).toBeLessThan(300);
  const test = await admin.post("/api/tests", { title: "Limits", description: "d", gradeLevel: "6", subject: "Math", questions: [{ id: created.data.id }] });
  expect(test.status, JSON.stringify(test.data)).toBe(201);
  const schoolClass = await admin.post("/api/cohorts", { name: `Limits ${crypto.randomUUID().slice(0, 8)}`, testConfigId: test.data.id });
  expect(schoolClass.status).toBe(201);
  return { question: created.data as { id: string; text: string }, testId: test.data.id as string, cohortId: schoolClass.data.id as string };
}

/** A signed-out student starting the class's test through the API. */
async function startAsStudent(testId: string, classId: string) {
  const student = apiClient(worker, new CookieJar());
  const started = await student.post("/api/sessions/start", {
    testConfigId: testId,
    testMode: "placement",
    userId: `S-${crypto.randomUUID().slice(0, 8)}`,
    cohortId: classId,
  });
  return { ...started, student };
}

const CHOICES = [
  { text: "Yes", isCorrect: true },
  { text: "No", isCorrect: false },
];

describe("content that authoring accepts always starts", () => {
  it("starts a test whose competency has the longest description authoring accepts (1,000 characters)", async () => {
    const { testId, cohortId: classId } = await classWithQuestion("d".repeat(1000), { text: "Is 2 even?", type: "multiple_choice", options: CHOICES });
    const started = await startAsStudent(testId, classId);
    expect(started.status, JSON.stringify(started.data)).toBe(201);
  });

  it("starts a test whose question text grows past 20,000 characters once sanitized (& and < are escaped)", async () => {
    const text = `<p>${"&<".repeat(9_990)}</p>`;
    expect(text.length).toBeLessThanOrEqual(20_000);
    const {
      question,
      testId,
      cohortId: classId,
    } = await classWithQuestion(`Escaping ${crypto.randomUUID()}`, { text, type: "multiple_choice", options: CHOICES });
    expect(question.text.length).toBeGreaterThan(20_000);
    const started = await startAsStudent(testId, classId);
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const next = await started.student.get(`/api/sessions/${started.data.sessionId}/next-question`);
    expect(next.status).toBe(200);
    expect(JSON.stringify(next.data)).toContain(JSON.stringify(question.text));
  });

  it("starts a test whose question text is all no-break spaces, the text that grows the most", async () => {
    const {
      question,
      testId,
      cohortId: classId,
    } = await classWithQuestion(`Spaces ${crypto.randomUUID()}`, {
      text: `x${"\u00a0".repeat(19_998)}x`,
      type: "multiple_choice",
      options: CHOICES,
    });
    expect(question.text.length).toBeGreaterThan(100_000);
    expect((await startAsStudent(testId, classId)).status).toBe(201);
  });
});

describe("a test whose questions together pass a Durable Object value's 2 MB", () => {
  it("starts, and serves its questions", async () => {
    const competency = await admin.post("/api/competencies", { description: `Long passages ${crypto.randomUUID()}` });
    const ids: string[] = [];
    for (let n = 0; n < 30; n++) {
      // Each about 100,000 characters once sanitized: 30 of them are about 3 MB.
      const created = await admin.post("/api/questions", { text: `<p>Passage ${n}: ${"&<".repeat(9_990)}</p>`, type: "multiple_choice", options: CHOICES });
      expect(created.status).toBe(201);
      await admin.post(`/api/questions/${created.data.id}/competencies`, { competencyId: competency.data.id, isPrimary: true });
      ids.push(created.data.id);
    }
    const test = await admin.post("/api/tests", {
      title: "Long passages",
      description: "d",
      gradeLevel: "6",
      subject: "Reading",
      questions: ids.map((id) => ({ id })),
    });
    expect(test.status).toBe(201);
    const schoolClass = await admin.post("/api/cohorts", { name: `Passages ${crypto.randomUUID().slice(0, 8)}`, testConfigId: test.data.id });
    const started = await startAsStudent(test.data.id, schoolClass.data.id);
    expect(started.status, JSON.stringify(started.data)).toBe(201);
    const next = await started.student.get(`/api/sessions/${started.data.sessionId}/next-question`);
    expect(next.data.question.text).toMatch(/^<p>Passage \d+: /);
  });
});

describe("paging past any list's end is a 400 for the API and the last page for a screen", () => {
  it("GET /api/sessions refuses offsets and limits beyond 2^63 or in exponent form", async () => {
    for (const query of ["offset=9223372036854775807", "offset=1e18", "offset=99999999999", "limit=1e18", "offset=1.5"]) {
      const response = await admin.get(`/api/sessions?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.data.message, query).toMatch(/^(offset|limit) must/);
    }
    expect((await admin.get("/api/sessions?offset=1000000")).status).toBe(200);
  });

  it("GET /api/questions refuses pages beyond any list", async () => {
    for (const query of ["page=1e18", "page=9223372036854775807", "page=9223372036854775807&limit=100", "page=99999999999"]) {
      const response = await admin.get(`/api/questions?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.data.message, query).toMatch(/^page: page must/);
    }
    expect((await admin.get("/api/questions?page=40000")).status).toBe(200);
  });

  it("the question bank, its Add Questions choices and Test Sessions show their last page for a huge page", async () => {
    for (const path of ["/admin/question-bank", "/admin/question-bank/choices", "/admin/sessions"]) {
      for (const page of ["1e18", "9223372036854775807"]) {
        const response = await worker.request(`${path}?page=${page}`, { jar: adminJar });
        expect(response.status, `${path}?page=${page}`).toBe(200);
      }
    }
    const choices = (await (await worker.request("/admin/question-bank/choices?page=1e18", { jar: adminJar })).json()) as {
      summary: { page: number; pageCount: number };
    };
    expect(choices.summary.page).toBe(choices.summary.pageCount);
  });
});

describe("POST /login with a JSON body", () => {
  it("answers 400, with the right password as with a wrong one", async () => {
    for (const password of [demoAccounts.admin.password, "wrong-password"]) {
      const response = await worker.request("/login", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ intent: "sign-in", email: demoAccounts.admin.email, password }),
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Sign in with the sign-in form.");
      expect(response.headers.getSetCookie().join()).not.toMatch(/__session=[^;]/);
    }
  });
});
