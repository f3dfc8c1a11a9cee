import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FLUSH_DELAY_MS } from "~/domain/sessions/write-behind";

import { type ApiClient, demoClients } from "../support/api";
import { startWorker, type TestWorker } from "../support/worker";

/** Timers the server enforces, and the write behind the session object that D1 failures cannot lose. */
let worker: TestWorker;
let admin: ApiClient;

beforeAll(async () => {
  worker = await startWorker();
  ({ admin } = await demoClients(worker));
});
afterAll(() => worker?.dispose());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A test of one multiple choice question (2 + 2) with the given time limit, and a session on it. */
async function oneQuestionSession(timeLimit: number | null) {
  const competency = await admin.post("/api/competencies", { description: `Adding ${crypto.randomUUID()}` });
  const question = await admin.post("/api/questions", {
    text: "2 + 2 = ?",
    type: "multiple_choice",
    difficulty: "easy",
    options: [
      { text: "4", isCorrect: true },
      { text: "5", isCorrect: false },
    ],
  });
  await admin.post(`/api/questions/${question.data.id}/competencies`, { competencyId: competency.data.id, isPrimary: true });
  const test = await admin.post("/api/tests", {
    title: "Sums",
    description: "d",
    gradeLevel: "1",
    subject: "Maths",
    questions: [{ id: question.data.id, timeLimit }],
  });
  const started = await admin.post("/api/sessions/start", { testConfigId: test.data.id, userId: `s-${crypto.randomUUID()}` });
  return { sessionId: started.data.sessionId as string, questionId: question.data.id as string, started };
}

describe("the per-question timer, enforced by the server", () => {
  it("serves the question with its limit and scores an answer that arrives after it ran out as late (0 points)", async () => {
    const { sessionId, questionId, started } = await oneQuestionSession(1);
    expect(started.data).toBeDefined();
    const next = (await admin.get(`/api/sessions/${sessionId}/next-question`)).data;
    expect(next.question).toMatchObject({ id: questionId, timeLimitSeconds: 1 });
    await sleep(4_300); // past the limit and the 3 s allowance for the auto-submit and the network
    const late = await admin.post(`/api/sessions/${sessionId}/submit`, { questionId, answer: "4", timeSpentSeconds: 4 });
    expect(late.status).toBe(200);
    expect(late.data.gradingResult).toMatchObject({ late: true, isCorrect: false, pointsEarned: 0 });
  });

  it("counts an answer in time", async () => {
    const { sessionId, questionId } = await oneQuestionSession(30);
    const onTime = await admin.post(`/api/sessions/${sessionId}/submit`, { questionId, answer: "4", timeSpentSeconds: 2 });
    expect(onTime.data.gradingResult).toMatchObject({ late: false, isCorrect: true, pointsEarned: 1 });
    expect(onTime.data.completed).toBe(true);
  });
});

describe("the write behind the session object", () => {
  it("keeps an acknowledged answer through a D1 failure and writes it once D1 is back", async () => {
    const { sessionId, questionId } = await oneQuestionSession(null);
    await worker.d1.prepare("alter table session_answers rename to session_answers_away").run();
    try {
      const acknowledged = await admin.post(`/api/sessions/${sessionId}/submit`, { questionId, answer: "4", timeSpentSeconds: 2 });
      expect(acknowledged.status).toBe(200);
      await sleep(FLUSH_DELAY_MS + 800); // the first write (FLUSH_DELAY_MS after the answer) fails
    } finally {
      await worker.d1.prepare("alter table session_answers_away rename to session_answers").run();
    }
    expect((await worker.d1.prepare("select count(*) as n from session_answers where session_id = ?").bind(sessionId).first<{ n: number }>())?.n).toBe(0);
    // The retry (2 s later) succeeds: the answer arrives exactly once, and the record follows it.
    let rows = 0;
    for (let tries = 0; tries < 40 && rows === 0; tries++) {
      await sleep(250);
      rows = (await worker.d1.prepare("select count(*) as n from session_answers where session_id = ?").bind(sessionId).first<{ n: number }>())?.n ?? 0;
    }
    expect(rows).toBe(1);
    const record = await worker.d1.prepare("select completed, questions_answered, total_score from sessions where id = ?").bind(sessionId).first();
    expect(record).toEqual({ completed: 1, questions_answered: 1, total_score: 100 });
  }, 30_000);
});
