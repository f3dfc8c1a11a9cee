import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, demoClients } from "../support/api";
import { CookieJar } from "../support/cookie-jar";
import { demoAccounts, startWorker, type TestWorker } from "../support/worker";

/**
 * The test page's JavaScript talks to the server through the page's data route
 * (POST /test/{id}/data, the page's own action answered as data) and reads a pending grade from
 * GET /api/sessions/{id}/answers/{questionId}: no Remix-internal `?_data=` requests.
 */
let worker: TestWorker;
let admin: ApiClient;
let demo: { id: string; testConfigId: string };

beforeAll(async () => {
  worker = await startWorker();
  ({ admin } = await demoClients(worker));
  const classes = (await admin.get("/api/cohorts")).data as { id: string; joinCode: string; testConfigId: string }[];
  demo = classes.find((schoolClass) => schoolClass.joinCode === "DEMOCLASS")!;
});
afterAll(() => worker?.dispose());

function post(path: string, fields: Record<string, string>, jar: CookieJar) {
  return worker.request(path, { method: "POST", jar, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
}

/** A student who joined the demo class and started its test without JavaScript; the first question. */
async function startedStudent(studentId: string) {
  const jar = new CookieJar();
  let step = await post("/join?code=DEMOCLASS", { intent: "start", code: "DEMOCLASS", cohortId: demo.id, displayName: `Student ${studentId}`, studentId }, jar);
  if (!step.headers.get("Location")?.includes("session=")) step = await post(step.headers.get("Location")!, { intent: "start", testMode: "placement" }, jar);
  const sessionId = step.headers.get("Location")!.match(/session=([0-9a-f-]{36})/)![1]!;
  const question = (await apiClient(worker, jar).get(`/api/sessions/${sessionId}/next-question`)).data.question as {
    id: string;
    type: string;
    options: string[];
  };
  return { jar, sessionId, question };
}

const dataRoute = () => `/test/${demo.testConfigId}/data`;

describe("POST /test/{id}/data: the page's action as data", () => {
  it("records an answer and answers the feedback the page shows; the same answer again is a repeat, not a second answer", async () => {
    const { jar, sessionId, question } = await startedStudent("TRANSPORT-1");
    const fields = {
      intent: "submit",
      sessionId,
      questionId: question.id,
      questionType: question.type,
      answer: question.options[0] ?? "42",
      timeSpentSeconds: "12",
      js: "1",
    };
    const response = await post(dataRoute(), fields, jar);
    expect(response.status).toBe(200);
    const result = (await response.json()) as { ok: boolean; data: Record<string, unknown> };
    expect(result.ok).toBe(true);
    expect(result.data).toMatchObject({ completed: false, grading: "final" });
    expect(typeof result.data.wasCorrect).toBe("boolean");

    expect((await post(dataRoute(), fields, jar)).status).toBe(200);
    const session = (await admin.get(`/api/sessions/${sessionId}`)).data as { questionsAnswered: number };
    expect(session.questionsAnswered).toBe(1);
  });

  it("refuses a browser without the session's pass (401), bad input (400), and any method but POST (405)", async () => {
    const { sessionId, question } = await startedStudent("TRANSPORT-2");
    const stranger = await post(
      dataRoute(),
      { intent: "submit", sessionId, questionId: question.id, questionType: question.type, answer: "x", js: "1" },
      new CookieJar(),
    );
    expect(stranger.status).toBe(401);
    expect(((await stranger.json()) as { ok: boolean }).ok).toBe(false);

    const { jar } = await startedStudent("TRANSPORT-3");
    const unknown = await post(dataRoute(), { intent: "dance", js: "1" }, jar);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ ok: false, toast: { description: "Unknown action." } });

    const get = await worker.request(dataRoute());
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
  });

  it("refuses in the browser's language: a missing answer and an empty chat message as Spanish toasts", async () => {
    const { jar, sessionId, question } = await startedStudent("TRANSPORT-ES");
    jar.set("lang", "es");
    const missing = await post(dataRoute(), { intent: "submit", sessionId, questionId: question.id, questionType: question.type, js: "1" }, jar);
    expect(missing.status).toBe(400);
    const spanish: Record<string, { title: string; description: string }> = {
      multiple_choice: { title: "Falta elegir", description: "Elige una respuesta antes de enviar." },
      multiple_select: { title: "Falta elegir", description: "Elige al menos una respuesta antes de enviar." },
      free_response: { title: "Falta la respuesta", description: "Escribe una respuesta antes de enviar." },
      scenario: { title: "Falta la respuesta", description: "Escribe una respuesta completa a esta situación antes de enviar." },
      chat: { title: "Falta la conversación", description: "Conversa al menos una vez con la IA antes de enviar." },
    };
    expect(await missing.json()).toMatchObject({ ok: false, intent: "submit", toast: spanish[question.type] });

    const empty = await post(dataRoute(), { intent: "chat", sessionId, questionId: question.id, message: "  ", js: "1" }, jar);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      ok: false,
      toast: { description: "Primero escribe un mensaje." },
      fieldErrors: { message: "Primero escribe un mensaje." },
    });
  });
});

describe("GET /api/sessions/{id}/answers/{questionId}: one answer's grade", () => {
  it("answers the grade of an answered question to its student and to a teacher", async () => {
    const { jar, sessionId, question } = await startedStudent("GRADE-1");
    await post(
      dataRoute(),
      { intent: "submit", sessionId, questionId: question.id, questionType: question.type, answer: question.options[0] ?? "42", js: "1" },
      jar,
    );
    const mine = await apiClient(worker, jar).get(`/api/sessions/${sessionId}/answers/${question.id}`);
    expect(mine.status).toBe(200);
    expect(Object.keys(mine.data).sort()).toEqual(["feedback", "grading", "score", "wasCorrect"]);
    expect(mine.data.grading).toBe("final");
    expect((await admin.get(`/api/sessions/${sessionId}/answers/${question.id}`)).data).toEqual(mine.data);
  });

  it("refuses other callers (401 signed out, 403 another signed-in student), 404 for an unanswered question or a missing session, 405 for other methods", async () => {
    const { sessionId, question } = await startedStudent("GRADE-2");
    const path = `/api/sessions/${sessionId}/answers/${question.id}`;
    expect((await apiClient(worker, new CookieJar()).get(path)).status).toBe(401);
    const student = await worker.signIn(demoAccounts.student.email, demoAccounts.student.password);
    expect((await apiClient(worker, student).get(path)).status).toBe(403);

    const unanswered = await admin.get(path);
    expect(unanswered.status).toBe(404);
    expect(unanswered.data).toEqual({ message: "Answer Not Found" });
    expect((await admin.get(`/api/sessions/${crypto.randomUUID()}/answers/${question.id}`)).status).toBe(404);

    const wrongMethod = await admin.post(path, {});
    expect(wrongMethod.status).toBe(405);
  });
});
