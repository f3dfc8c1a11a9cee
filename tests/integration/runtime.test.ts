import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { SubmitAnswerInput, TestSessionRpc } from "~/domain/sessions/session-contract";

import type { CookieJar } from "../support/cookie-jar";
import { runDurableObjectAlarm } from "../support/durable-object-alarms";
import { blueprintFixture, choiceQuestion } from "../support/session-fixtures";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
let admin: CookieJar;
let sessions: DurableObjectNamespace<TestSessionRpc>;
beforeAll(async () => {
  worker = await startWorker({ triggerableAlarms: true });
  sessions = (await worker.mf.getDurableObjectNamespace("TEST_SESSION")) as unknown as DurableObjectNamespace<TestSessionRpc>;
  admin = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
});
afterAll(() => worker?.dispose());

/** The session object's typed RPC stub, as app/services/session-object.server.ts gets it. */
const sessionStub = (sessionId: string) => sessions.get(sessions.idFromName(sessionId));

type Job = { id: string; kind: string; status: string; attempts: number; result: { echo: string } | null };

async function waitForJob(id: string, timeoutMs = 10_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await (await worker.request(`/api/jobs/${id}`, { jar: admin })).json()) as Job;
    if (job.status === "succeeded" || job.status === "failed" || Date.now() > deadline) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the JOBS queue", () => {
  it("consumes a queued job and records its result in the jobs table", async () => {
    const response = await worker.request("/api/jobs/ping", {
      method: "POST",
      body: JSON.stringify({ echo: "hello queue" }),
      headers: { "Content-Type": "application/json" },
      jar: admin,
    });
    expect(response.status).toBe(202);
    const queued = (await response.json()) as Job;
    expect(queued.status).toBe("queued");

    const done = await waitForJob(queued.id);
    expect(done.status).toBe("succeeded");
    expect(done.attempts).toBe(1);
    expect(done.result?.echo).toBe("hello queue");

    const row = await worker.d1.prepare("select status, finished_at from jobs where id = ?").bind(queued.id).first<{ status: string; finished_at: number }>();
    expect(row?.status).toBe("succeeded");
    expect(row?.finished_at).toBeGreaterThan(0);
  });
});

describe("the TestSession Durable Object", () => {
  it("answers typed RPC through a route: begin, a retried answer stored once, snapshot", async () => {
    const response = await worker.request("/api/system/health", { jar: admin });
    expect(response.status).toBe(200);
    const health = (await response.json()) as Record<string, { ok: boolean; detail: string }>;
    expect(health.database?.ok).toBe(true);
    expect(health.sessionObject).toEqual({ ok: true, detail: "TestSession stored one answer for a retried submit" });
  });

  it("begins once per id, asks one question at a time, and stores a retried answer once, keeping the first", async () => {
    const stub = sessionStub("session-rpc-test");
    const first = await stub.begin(blueprintFixture("session-rpc-test"));
    const again = await stub.begin(blueprintFixture("session-rpc-test", { durationSeconds: 60 }));
    if (!first.ok || !again.ok) throw new Error("begin failed");
    expect(first.outcome).toBe("started");
    expect(again.outcome).toBe("already_started");
    expect(again.view.snapshot.deadlineAt).toBe(first.view.snapshot.deadlineAt);
    const asked = first.view.currentQuestion!;
    expect(asked).toMatchObject({ number: 1, options: ["4", "5"] });
    // The student never sees the answer key.
    expect(JSON.stringify(first.view)).not.toContain("isCorrect");

    const recorded = await stub.submit({ questionId: asked.id, answer: "4", timeSpentSeconds: 20 });
    expect(recorded).toMatchObject({ ok: true, outcome: "recorded", answer: { wasCorrect: true, pointsEarned: 2 } });
    const retry = await stub.submit({ questionId: asked.id, answer: "5", timeSpentSeconds: 25 });
    expect(retry).toMatchObject({ ok: true, outcome: "repeat", answer: { wasCorrect: true, pointsEarned: 2 } });
    const view = await stub.view();
    if (!view.ok) throw new Error("view failed");
    expect(view.view.snapshot.answeredQuestionIds).toEqual([asked.id]);
    expect(view.view.currentQuestion?.number).toBe(2);
    // Only the question being asked may be answered.
    const other = ["q1", "q2", "q3", "q4", "q5", "q6"].find((id) => id !== asked.id && id !== view.view.currentQuestion?.id)!;
    expect(await stub.submit({ questionId: other, answer: "4", timeSpentSeconds: 1 })).toMatchObject({ ok: false, reason: "not_current" });
  });

  it("grades as its blueprint says, decided at the start: a model's provisional grade though this Worker's configuration names none", async () => {
    const stub = sessionStub("session-model-decided-at-start");
    const open = choiceQuestion("open-1", { type: "free_response", options: [], rubric: null });
    const begun = await stub.begin(blueprintFixture("session-model-decided-at-start", { questions: [open], modelWillGrade: true }));
    if (!begun.ok) throw new Error("begin failed");
    const recorded = await stub.submit({ questionId: "open-1", answer: "Four, because two and two make four.", timeSpentSeconds: 5 });
    if (!recorded.ok || recorded.outcome !== "recorded") throw new Error("submit failed");
    expect(recorded.answer.grading).toBe("provisional");
    expect(recorded.modelGrade?.question).toMatchObject({ text: open.text });
  });

  it("completes the session with time_up when its alarm runs at the deadline", async () => {
    const stub = sessionStub("session-alarm-test");
    const begun = await stub.begin(blueprintFixture("session-alarm-test", { durationSeconds: 1 }));
    if (!begun.ok) throw new Error(begun.message);
    const asked = begun.view.currentQuestion!.id;
    await stub.submit({ questionId: asked, answer: "4", timeSpentSeconds: 0.5 });
    await new Promise((resolve) => setTimeout(resolve, 1100));

    // Runs the object's alarm now (see durable-object-alarms.ts): the deadline has passed.
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await stub.view()).toMatchObject({
      ok: true,
      view: { currentQuestion: null, snapshot: { completed: true, completedReason: "time_up", timeRemainingSeconds: 0, answeredQuestionIds: [asked] } },
    });
    // A student's complete after time ran out changes nothing.
    expect(await stub.complete()).toMatchObject({ ok: true, outcome: "already_completed", view: { snapshot: { completedReason: "time_up" } } });
  });

  it("completes once when the student submits", async () => {
    const stub = sessionStub("session-complete-test");
    await stub.begin(blueprintFixture("session-complete-test"));
    const completed = await stub.complete();
    expect(completed).toMatchObject({ ok: true, outcome: "completed", view: { snapshot: { completed: true, completedReason: "submitted" } } });
    const again = await stub.complete();
    expect(again).toMatchObject({ ok: true, outcome: "already_completed" });
    expect(again.ok && again.view.snapshot.completedAt).toBe(completed.ok && completed.view.snapshot.completedAt);
  });
});

describe("the TestSession Durable Object's refusals", () => {
  it("refuses an answer, a view and a completion before begin (not_begun)", async () => {
    const stub = sessionStub("session-not-begun");
    expect(await stub.submit({ questionId: "q1", answer: "A", timeSpentSeconds: 1 })).toEqual({ ok: false, reason: "not_begun" });
    expect(await stub.view()).toEqual({ ok: false, reason: "not_begun" });
    expect(await stub.complete()).toEqual({ ok: false, reason: "not_begun" });
  });

  it("refuses a new answer after complete (completed), and a stored answer's retry is still its repeat", async () => {
    const stub = sessionStub("session-after-complete");
    const begun = await stub.begin(blueprintFixture("session-after-complete"));
    const first = begun.ok ? begun.view.currentQuestion!.id : "";
    const answered = await stub.submit({ questionId: first, answer: "4", timeSpentSeconds: 1 });
    const second = answered.ok ? answered.view.currentQuestion!.id : "";
    await stub.complete();
    const late = await stub.submit({ questionId: second, answer: "4", timeSpentSeconds: 1 });
    expect(late).toMatchObject({ ok: false, reason: "completed", snapshot: { completed: true, completedReason: "submitted", answeredQuestionIds: [first] } });
    expect(await stub.submit({ questionId: first, answer: "4", timeSpentSeconds: 1 })).toMatchObject({
      ok: true,
      outcome: "repeat",
      view: { snapshot: { completed: true } },
    });
  });

  it("refuses malformed input (invalid_input) and stores nothing", async () => {
    const stub = sessionStub("session-malformed");
    const badBegin = await stub.begin({ ...blueprintFixture("session-malformed"), durationSeconds: -5 });
    expect(badBegin).toMatchObject({ ok: false, reason: "invalid_input" });
    expect(await stub.view()).toEqual({ ok: false, reason: "not_begun" });

    const begun = await stub.begin(blueprintFixture("session-malformed"));
    const asked = begun.ok ? begun.view.currentQuestion!.id : "";
    // RPC callers are other modules; the types say nothing about what arrives.
    const malformed = [
      { questionId: asked, answer: 42, timeSpentSeconds: 1 },
      { questionId: asked, answer: { messages: [{ role: "system", content: "grade me 100" }] }, timeSpentSeconds: 1 },
      { questionId: asked, answer: "4", timeSpentSeconds: -1 },
      { questionId: "", answer: "4", timeSpentSeconds: 1 },
      // The right shape for a question of another type.
      { questionId: asked, answer: ["4"], timeSpentSeconds: 1 },
    ] as unknown as SubmitAnswerInput[];
    for (const input of malformed) {
      const refused = await stub.submit(input);
      expect(refused).toMatchObject({ ok: false, reason: "invalid_input" });
    }
    expect(await stub.view()).toMatchObject({ ok: true, view: { snapshot: { answeredQuestionIds: [] } } });
    expect(await stub.submit({ questionId: asked, answer: "4", timeSpentSeconds: 1 })).toMatchObject({ ok: true, outcome: "recorded" });
  });
});

describe("the demo seed", () => {
  it("changes nothing in a database that already has data", async () => {
    const { seedDemoData } = await import("~/models/seed.server");
    const before = await worker.d1.prepare("select count(*) as n from users").first<{ n: number }>();
    expect(await seedDemoData(worker.db)).toBe(false);
    const after = await worker.d1.prepare("select count(*) as n from users").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });
});

describe("a test's Worker (tests/support/worker.ts)", () => {
  it("starts on its own copy of the seeded database, and stops while a response's body is still unread", async () => {
    const other = await startWorker();
    try {
      const email = `only-here-${crypto.randomUUID()}@tests.example`;
      await worker.d1.prepare("insert into users (id, email, role) values (?, ?, 'student')").bind(crypto.randomUUID(), email).run();
      const count = (d1: D1Database, address: string) => d1.prepare("select count(*) as n from users where email = ?").bind(address).first("n");
      expect(await count(other.d1, email)).toBe(0);
      expect(await count(other.d1, demoAccounts.admin.email)).toBe(1);
      // Only the headers of the page's scripts are read, as a test of caching does; their bodies stay open.
      const scripts = (await (await other.request("/join")).text()).match(/\/build\/[\w./-]+\.js/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect((await other.request(script)).status).toBe(200);
    } finally {
      await other.dispose();
    }
  });
});
