import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
let admin: CookieJar;
beforeAll(async () => {
  worker = await startWorker();
  admin = await worker.signIn(demoAccounts.admin.email, demoAccounts.admin.password);
});
afterAll(() => worker?.dispose());

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

    const row = await worker.d1
      .prepare("select status, finished_at from jobs where id = ?")
      .bind(queued.id)
      .first<{ status: string; finished_at: number }>();
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

  it("keeps one session per id and completes it when the alarm fires", async () => {
    const namespace = await worker.mf.getDurableObjectNamespace("TEST_SESSION");
    const stub = namespace.get(namespace.idFromName("session-rpc-test")) as unknown as {
      begin: (input: { sessionId: string; durationSeconds: number }) => Promise<{ deadlineAt: number; completed: boolean }>;
      recordAnswer: (questionId: string, answer: unknown) => Promise<{ recorded: boolean; snapshot: { answeredQuestionIds: string[] } }>;
      snapshot: () => Promise<{ completed: boolean; completedReason: string | null; timeRemainingSeconds: number } | null>;
    };
    const first = await stub.begin({ sessionId: "session-rpc-test", durationSeconds: 1 });
    const again = await stub.begin({ sessionId: "session-rpc-test", durationSeconds: 600 });
    expect(again.deadlineAt).toBe(first.deadlineAt);

    expect((await stub.recordAnswer("q1", "A")).recorded).toBe(true);
    const retry = await stub.recordAnswer("q1", "A");
    expect(retry.recorded).toBe(false);
    expect(retry.snapshot.answeredQuestionIds).toEqual(["q1"]);

    await new Promise((resolve) => setTimeout(resolve, 1800));
    const after = await stub.snapshot();
    expect(after?.completed).toBe(true);
    expect(after?.completedReason).toBe("time_up");
    expect(after?.timeRemainingSeconds).toBe(0);
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
