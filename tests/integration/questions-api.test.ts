import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { DEMO_QUESTIONS } from "~/models/seed-questions";

import { type ApiClient, demoClients } from "../support/api";
import { startWorker, type TestWorker } from "../support/worker";

let worker: TestWorker;
let admin: ApiClient;
let student: ApiClient;
let anonymous: ApiClient;
let competencyIds: string[];

beforeAll(async () => {
  worker = await startWorker();
  ({ admin, student, anonymous } = await demoClients(worker));
  const rows = await worker.d1.prepare("select id from competencies order by description").all<{ id: string }>();
  competencyIds = rows.results.map((row) => row.id);
});
afterAll(() => worker?.dispose());

const choice = {
  text: "<p>Which number is <strong>prime</strong>?</p>",
  type: "multiple_choice",
  difficulty: "easy",
  options: [
    { text: "4", isCorrect: false, score: 0 },
    { text: "7", isCorrect: true, score: 1 },
  ],
};
const openQuestion = { text: "Explain why 7 is prime.", type: "free_response", difficulty: "hard", rubric: { full: "mentions divisors" } };
const testBody = { title: "Uses it", description: "d", gradeLevel: "6", subject: "Math" };

/** Every row of the bank's tables, to prove a refused call wrote nothing. */
async function bankTables(): Promise<string> {
  const tables = await Promise.all(
    ["questions", "question_competencies", "test_questions"].map((table) => worker.d1.prepare(`select * from ${table} order by rowid`).all()),
  );
  return JSON.stringify(tables.map((table) => table.results));
}

async function newQuestion(body: Record<string, unknown> = openQuestion): Promise<string> {
  const { status, data } = await admin.post("/api/questions", body);
  expect(status).toBe(201);
  return data.id;
}

function send(client: typeof admin, method: string, path: string, body?: unknown) {
  const call = client[method.toLowerCase() as keyof typeof client] as (path: string, body?: unknown) => ReturnType<typeof client.get>;
  return call(path, body);
}

const storedText = async (id: string) => worker.d1.prepare("select text from questions where id = ?").bind(id).first<string>("text");

describe("who may call /api/questions", () => {
  it("answers 401 signed out and 403 for a student on every route and method, writing nothing", async () => {
    const id = await newQuestion();
    await admin.post(`/api/questions/${id}/competencies`, { competencyId: competencyIds[0], isPrimary: true });
    const before = await bankTables();
    const links = `/api/questions/${id}/competencies`;
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/questions"],
      ["POST", "/api/questions", choice],
      ["GET", `/api/questions/${id}`],
      ["PUT", `/api/questions/${id}`, choice],
      ["DELETE", `/api/questions/${id}`],
      ["GET", "/api/questions/competencies/all"],
      ["GET", links],
      ["POST", links, { competencyId: competencyIds[1], isPrimary: true }],
      ["PATCH", `${links}/${competencyIds[0]}`, { isPrimary: false }],
      ["DELETE", `${links}/${competencyIds[0]}`],
    ];
    for (const [method, path, body] of calls) {
      expect(await send(anonymous, method, path, body), `${method} ${path}`).toEqual({ status: 401, data: { message: "Sign in required" } });
      expect(await send(student, method, path, body), `${method} ${path}`).toEqual({ status: 403, data: { message: "Your role does not allow this." } });
    }
    expect(await bankTables()).toBe(before);
  });

  it("answers a method a route does not define with a JSON 405", async () => {
    expect((await admin.patch("/api/questions", choice)).data).toEqual({ message: "Method not allowed. Use GET or POST." });
    expect((await admin.post("/api/questions/competencies/all", {})).status).toBe(405);
    expect((await admin.get(`/api/questions/x/competencies/${competencyIds[0]}`)).status).toBe(405);
  });
});

describe("GET /api/questions", () => {
  it("lists the bank newest first, with each question's competencies and the tests that use it", async () => {
    const older = await newQuestion();
    const newer = await newQuestion(choice);
    await admin.post(`/api/questions/${newer}/competencies`, { competencyId: competencyIds[0], isPrimary: true });
    const test = (await admin.post("/api/tests", { ...testBody, questions: [{ id: newer }] })).data;
    const { status, data } = await admin.get("/api/questions");
    expect(status).toBe(200);
    const ids = (data as { id: string }[]).map((question) => question.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const listed = data.find((question: { id: string }) => question.id === newer);
    expect(listed).toMatchObject({
      ...choice,
      rubric: null,
      gradingSystemInstruction: null,
      systemInstruction: null,
      initialPrompt: null,
      timeLimit: null,
      metadata: {},
      competencies: [{ competencyId: competencyIds[0], isPrimary: true }],
      tests: [{ id: test.id, title: "Uses it" }],
    });
    expect(Object.keys(listed)).toContain("createdAt");
    expect(Object.keys(listed)).toContain("updatedAt");
  });

  it("filters by type and difficulty, and searches the text as shown, ignoring case and markup", async () => {
    const open = await newQuestion();
    const prime = await newQuestion(choice);
    const ids = async (query: string) => ((await admin.get(`/api/questions${query}`)).data as { id: string }[]).map((question) => question.id);
    const hard = await ids("?type=free_response&difficulty=hard");
    expect(hard).toContain(open);
    expect(hard).not.toContain(prime);
    const searched = await ids("?search=WHY%207");
    expect(searched).toContain(open);
    expect(searched).not.toContain(prime);
    expect(await ids("?search=number%20is%20PRIME")).toContain(prime); // "is <strong>prime</strong>" as shown
    expect(await ids("?search=strong")).not.toContain(prime);
    expect(await ids("?type=&difficulty=")).toEqual(await ids(""));
  });

  it("refuses an unknown type or difficulty filter with 400", async () => {
    const badType = await admin.get("/api/questions?type=essay");
    expect(badType.status).toBe(400);
    expect(badType.data.message).toBe("type: Type must be one of multiple_choice, multiple_select, free_response, scenario, chat");
    expect((await admin.get("/api/questions?difficulty=extreme")).data).toEqual({ message: "difficulty: Difficulty must be easy, medium or hard" });
  });

  it("filters by language (ADR 0044), and refuses a language other than en or es with 400", async () => {
    const spanish = await newQuestion({ ...openQuestion, text: "Explica por qué 7 es primo.", language: "es" });
    const english = await newQuestion();
    const ids = async (query: string) => ((await admin.get(`/api/questions${query}`)).data as { id: string }[]).map((question) => question.id);
    const inSpanish = await ids("?language=es");
    expect(inSpanish).toContain(spanish);
    expect(inSpanish).not.toContain(english);
    expect(await ids("?language=en&type=free_response")).toContain(english);
    expect(await ids("?language=en")).not.toContain(spanish);
    expect(await ids("?language=")).toEqual(await ids(""));
    expect(await admin.get("/api/questions?language=fr")).toEqual({ status: 400, data: { message: "language: Language must be en or es" } });
  });

  it("lists a bank of more than 100 questions with their competency links", async () => {
    const ids = Array.from({ length: 130 }, () => crypto.randomUUID());
    await worker.d1.batch(ids.map((id) => worker.d1.prepare("insert into questions (id, text, type) values (?, 'Bulk', 'chat')").bind(id)));
    await worker.d1.batch(
      ids.map((id) =>
        worker.d1
          .prepare("insert into question_competencies (id, question_id, competency_id, is_primary) values (?, ?, ?, 1)")
          .bind(crypto.randomUUID(), id, competencyIds[1]),
      ),
    );
    const { status, data } = await admin.get("/api/questions?type=chat");
    expect(status).toBe(200);
    // The demo seed's own chat questions are listed too.
    expect(data).toHaveLength(130 + DEMO_QUESTIONS.filter((question) => question.type === "chat").length);
    expect(data.every((question: { competencies: unknown[] }) => question.competencies.length === 1)).toBe(true);
  });
});

describe("POST, GET, PUT and DELETE /api/questions/{id}", () => {
  it("creates (201 with its id and fields), reads, updates and deletes a bank question", async () => {
    const scenario = {
      text: "<p>You have <em>$20</em>.</p>",
      type: "scenario",
      difficulty: "medium",
      rubric: "Mentions the budget",
      gradingSystemInstruction: "Grade kindly",
      timeLimit: 300,
      metadata: { title: "Pocket money" },
    };
    const created = await admin.post("/api/questions", scenario);
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ ...scenario, options: [], systemInstruction: null, competencies: [], tests: [] });
    const id = created.data.id;
    // GET adds what the district's answers say about the question: nothing yet (ADR 0033), and how the grader reads its rubric.
    expect((await admin.get(`/api/questions/${id}`)).data).toEqual({
      ...created.data,
      calibration: null,
      rubricReading: { acceptable: [], counted: null, criteria: [["the budget"]], exclusions: [], scorePoints: false, matchable: true, warning: null },
    });

    const updated = await admin.put(`/api/questions/${id}`, { ...scenario, difficulty: "hard", rubric: "", timeLimit: null });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ id, difficulty: "hard", rubric: null, timeLimit: null });

    expect(await admin.delete(`/api/questions/${id}`)).toEqual({ status: 200, data: { deleted: true, removedFromTests: [] } });
    expect((await admin.get(`/api/questions/${id}`)).status).toBe(404);
  });

  it("says how the offline grader reads an open question's rubric, warns when it reads nothing it can match, and is null for a choice question", async () => {
    const deleterious = await newQuestion({
      text: "What is the meaning of deleterious, as it is used in the passage?",
      type: "free_response",
      difficulty: "medium",
      rubric:
        "Synonyms of deleterious, e.g., harmful, damaging, detrimental, bad, negative, … etc.\nDo not accept: helpful.\nCorrect answers will list two of the words.",
    });
    expect((await admin.get(`/api/questions/${deleterious}`)).data.rubricReading).toMatchObject({
      counted: { count: 2, items: ["harmful", "damaging", "detrimental", "bad", "negative"] },
      exclusions: [{ kind: "mustNot", text: "helpful", onlyAlone: false }],
      matchable: true,
      warning: null,
    });
    const generic = await newQuestion({
      text: "Explain how the author organizes the article.",
      type: "scenario",
      difficulty: "medium",
      rubric:
        "2 points\nProficient: The response fulfills all the requirements of the task.\n1 point\nPartially Proficient: The response fulfills some of the requirements of the task.",
    });
    const reading = (await admin.get(`/api/questions/${generic}`)).data.rubricReading;
    expect(reading).toMatchObject({ scorePoints: true, matchable: false });
    expect(reading.warning).toMatch(
      /^The automatic grader cannot check this rubric on its own: answers will wait for your review unless an AI model is configured\. List acceptable answers, for example: /,
    );
    expect((await admin.get(`/api/questions/${await newQuestion(choice)}`)).data.rubricReading).toBeNull();
  });

  it("stores a question's language (English unless given), keeps it on an edit that leaves it out, and refuses any other value", async () => {
    const english = await admin.post("/api/questions", openQuestion);
    expect(english.data.language).toBe("en");
    const spanish = await admin.post("/api/questions", { ...choice, text: '<p>¿Qué número es <span lang="es-US">primo</span>?</p>', language: "es" });
    expect(spanish.status).toBe(201);
    expect(spanish.data).toMatchObject({ language: "es", text: '<p>¿Qué número es <span lang="es-US">primo</span>?</p>' });
    const id = spanish.data.id;
    expect((await admin.get(`/api/questions/${id}`)).data.language).toBe("es");
    expect((await admin.put(`/api/questions/${id}`, { ...choice, difficulty: "hard" })).data).toMatchObject({ language: "es", difficulty: "hard" });
    expect((await admin.put(`/api/questions/${id}`, { ...choice, language: "en" })).data.language).toBe("en");

    const before = await bankTables();
    for (const language of ["fr", "ES", "", null, 1]) {
      expect(await admin.post("/api/questions", { ...choice, language })).toEqual({ status: 400, data: { message: "language: Language must be en or es" } });
      expect((await admin.put(`/api/questions/${id}`, { ...choice, language })).status).toBe(400);
    }
    expect(await bankTables()).toBe(before);
  });

  it("answers 404 for an unknown question", async () => {
    expect(await admin.get("/api/questions/nope")).toEqual({ status: 404, data: { message: "Question Not Found" } });
    expect((await admin.put("/api/questions/nope", choice)).status).toBe(404);
    expect((await admin.delete("/api/questions/nope")).status).toBe(404);
  });

  it("never stores script, event handlers or javascript: links, on create or on update", async () => {
    const hostile = '<p onclick="steal()">Hi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a></p>';
    const id = await newQuestion({ ...openQuestion, text: hostile });
    expect(await storedText(id)).toBe("<p>Hilink</p>");
    const updated = await admin.put(`/api/questions/${id}`, {
      ...openQuestion,
      text: '<div style="background:url(javascript:alert(1))" onmouseover="x()">Safe <b>bold</b></div><svg onload=alert(1)></svg><SCRIPT>bad()</SCRIPT>',
    });
    expect(updated.data.text).toBe("<div>Safe <b>bold</b></div>");
    const stored = (await storedText(id)) ?? "";
    for (const banned of ["<script", "onerror", "onmouseover", "javascript:", "<svg", "<img"]) expect(stored.toLowerCase()).not.toContain(banned);
  });

  it("refuses bad input on create and update with a clear message and writes nothing", async () => {
    const id = await newQuestion(choice);
    const before = await bankTables();
    const cases: [unknown, string][] = [
      [{ ...choice, text: " " }, "text: Question text is required"],
      [{ ...choice, type: "essay" }, "type: Type must be one of multiple_choice, multiple_select, free_response, scenario, chat"],
      [{ ...choice, difficulty: "extreme" }, "difficulty: Difficulty must be easy, medium or hard"],
      [{ ...choice, options: [{ text: "4" }, { text: "7" }] }, "options: Mark at least one option as correct"],
      [
        { ...choice, options: choice.options.map((option) => ({ ...option, isCorrect: true })) },
        "options: A multiple choice question has exactly one correct option",
      ],
      [{ ...choice, options: [choice.options[1]] }, "options: Add at least two options"],
      [{ ...openQuestion, timeLimit: -5 }, "timeLimit: Time limit cannot be negative"],
      [{ ...openQuestion, rubric: 42 }, "rubric: "],
      ["{not json", "Request body must be valid JSON"],
    ];
    for (const [body, message] of cases) {
      for (const response of [await admin.post("/api/questions", body), await admin.put(`/api/questions/${id}`, body)]) {
        expect(response.status, message).toBe(400);
        expect(response.data.message).toContain(message);
      }
    }
    expect(await bankTables()).toBe(before);
  });

  it("shows an edit in every test that uses the question, and a delete removes it from them and says which", async () => {
    const id = await newQuestion();
    const first = (await admin.post("/api/tests", { ...testBody, title: "First", questions: [{ id }] })).data;
    const second = (await admin.post("/api/tests", { ...testBody, title: "Second", questions: [{ id }] })).data;
    await admin.put(`/api/questions/${id}`, { ...openQuestion, text: "Explain, in your own words, why 7 is prime.", timeLimit: 240 });
    const detail = (await admin.get(`/api/tests/${first.id}`)).data;
    expect(detail.questions[0]).toMatchObject({
      text: "Explain, in your own words, why 7 is prime.",
      questionTimeLimit: 240,
      effectiveTimeLimit: { seconds: 240, source: "question" },
    });

    const deleted = await admin.delete(`/api/questions/${id}`);
    expect(deleted.data).toEqual({
      deleted: true,
      removedFromTests: [
        { id: first.id, title: "First" },
        { id: second.id, title: "Second" },
      ],
    });
    expect((await admin.get(`/api/tests/${first.id}`)).data.questions).toEqual([]);
    expect((await admin.get(`/api/tests/${second.id}`)).data.questions).toEqual([]);
  });
});

describe("question-competency links", () => {
  it("links (201), re-links (200), keeps one primary, patches and unlinks", async () => {
    const id = await newQuestion();
    const [first, second] = competencyIds;
    const base = `/api/questions/${id}/competencies`;

    expect(await admin.post(base, { competencyId: first, isPrimary: true })).toEqual({
      status: 201,
      data: { questionId: id, competencyId: first, isPrimary: true },
    });
    expect(await admin.post(base, { competencyId: first, isPrimary: false })).toEqual({
      status: 200,
      data: { questionId: id, competencyId: first, isPrimary: false },
    });
    expect((await admin.post(base, { competencyId: second })).data.isPrimary).toBe(false);
    await admin.post(base, { competencyId: first, isPrimary: true });
    await admin.post(base, { competencyId: second, isPrimary: true });
    const links = (await admin.get(base)).data as { competencyId: string; isPrimary: boolean }[];
    expect(links).toHaveLength(2);
    expect(links.filter((link) => link.isPrimary)).toEqual([{ competencyId: second, isPrimary: true }]);

    expect((await admin.patch(`${base}/${first}`, { isPrimary: true })).data).toEqual({ questionId: id, competencyId: first, isPrimary: true });
    const all = (await admin.get("/api/questions/competencies/all")).data as { questionId: string; competencyId: string; isPrimary: boolean }[];
    expect(all.filter((row) => row.questionId === id)).toEqual(
      expect.arrayContaining([
        { questionId: id, competencyId: first, isPrimary: true },
        { questionId: id, competencyId: second, isPrimary: false },
      ]),
    );
    expect(all.filter((row) => row.questionId === id)).toHaveLength(2);

    expect(await admin.delete(`${base}/${second}`)).toEqual({ status: 200, data: { deleted: true } });
    expect((await admin.get(base)).data).toEqual([{ competencyId: first, isPrimary: true }]);
  });

  it("refuses bad bodies (400) and unknown questions, competencies and links (404), writing nothing", async () => {
    const id = await newQuestion();
    const base = `/api/questions/${id}/competencies`;
    const before = await bankTables();
    expect(await admin.post(base, {})).toEqual({ status: 400, data: { message: "competencyId: competencyId is required" } });
    expect((await admin.post(base, { competencyId: competencyIds[0], isPrimary: "yes" })).status).toBe(400);
    expect((await admin.patch(`${base}/${competencyIds[0]}`, {})).data).toEqual({ message: "isPrimary: isPrimary is required" });
    expect(await admin.post(base, { competencyId: "ghost" })).toEqual({ status: 404, data: { message: "Competency Not Found" } });
    expect(await admin.post("/api/questions/ghost/competencies", { competencyId: competencyIds[0] })).toEqual({
      status: 404,
      data: { message: "Question Not Found" },
    });
    expect((await admin.get("/api/questions/ghost/competencies")).status).toBe(404);
    expect((await admin.patch(`${base}/${competencyIds[0]}`, { isPrimary: true })).status).toBe(404);
    expect((await admin.delete(`${base}/${competencyIds[0]}`)).status).toBe(404);
    expect(await bankTables()).toBe(before);
  });
});
